import Foundation
import Testing

@testable import ReducerKit

/// A feature holding an alert and a dialog, which clears them on a button action as a
/// presentation `ifLet` does, and records every action.
private struct Feature: Reducer {
  struct State: Equatable {
    var alert: AlertState<Alert>?
    var dialog: ConfirmationDialogState<Alert>?
    var received: [Action] = []
  }
  enum Action: Equatable {
    case alert(Alert)
    case alertDismissed
    case dialog(Alert)
    case dialogDismissed
  }
  enum Alert: Equatable {
    case confirm
    case askAgain
  }

  /// Whether a button action clears the alert in the same reduce (as `ifLet` does).
  var dismissesOnAction = true

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.received.append(action)
    switch action {
    case .alert(.confirm):
      if dismissesOnAction { state.alert = nil }
    case .alert(.askAgain):
      state.alert = confirmAlert()
    case .alertDismissed:
      state.alert = nil
    case .dialog:
      if dismissesOnAction { state.dialog = nil }
    case .dialogDismissed:
      state.dialog = nil
    }
    return .none
  }
}

private func confirmAlert() -> AlertState<Feature.Alert> {
  AlertState {
    TextState("Sure?")
  } actions: {
    ButtonState(action: .confirm) { TextState("Yes") }
    ButtonState(action: .askAgain) { TextState("Ask again") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }
}

@MainActor
private func alertDriver(
  _ store: Store<Feature.State, Feature.Action>
) -> PresentedButtonsDriver<Feature.State, Feature.Action, AlertState<Feature.Alert>> {
  PresentedButtonsDriver(
    store: store, state: \.alert, action: Feature.Action.alert, dismiss: .alertDismissed)
}

@MainActor
@Suite("PresentedButtonsDriver")
struct PresentedButtonsTests {
  @Test("presented is the alert the store holds, or nil")
  func presented() {
    let store = Store(initialState: Feature.State()) { Feature() }
    let driver = alertDriver(store)
    #expect(driver.presented == nil)
    let alert = confirmAlert()
    let presenting = Store(initialState: Feature.State(alert: alert)) { Feature() }
    #expect(alertDriver(presenting).presented?.ephemeralIdentity == alert.ephemeralIdentity)
  }

  @Test("a tapped button sends its action; the view's dismissal then sends nothing more")
  func tapWithAction() throws {
    let store = Store(initialState: Feature.State(alert: confirmAlert())) { Feature() }
    let driver = alertDriver(store)
    let shown = try #require(driver.presented)
    driver.tap(shown.buttons[0])
    driver.setPresented(false, shown: shown.ephemeralIdentity)
    #expect(store.state.received == [.alert(.confirm)])
    #expect(store.state.alert == nil)
  }

  @Test("a button without an action sends the dismiss action, once")
  func tapWithoutAction() throws {
    let store = Store(initialState: Feature.State(alert: confirmAlert())) { Feature() }
    let driver = alertDriver(store)
    let shown = try #require(driver.presented)
    driver.tap(shown.buttons[2])
    driver.setPresented(false, shown: shown.ephemeralIdentity)
    #expect(store.state.received == [.alertDismissed])
  }

  @Test("the view's dismissal sends the dismiss action while the store still holds that alert")
  func dismissalOfTheShownAlert() throws {
    let store = Store(initialState: Feature.State(alert: confirmAlert())) {
      Feature(dismissesOnAction: false)
    }
    let driver = alertDriver(store)
    let shown = try #require(driver.presented)
    driver.setPresented(true, shown: shown.ephemeralIdentity)
    #expect(store.state.received == [])
    driver.tap(shown.buttons[0])
    driver.setPresented(false, shown: shown.ephemeralIdentity)
    #expect(store.state.received == [.alert(.confirm), .alertDismissed])
    #expect(store.state.alert == nil)
  }

  @Test("an alert presented in place of the tapped one is not dismissed by the view")
  func replacedAlertStays() throws {
    let store = Store(initialState: Feature.State(alert: confirmAlert())) { Feature() }
    let driver = alertDriver(store)
    let shown = try #require(driver.presented)
    driver.tap(shown.buttons[1])
    driver.setPresented(false, shown: shown.ephemeralIdentity)
    #expect(store.state.received == [.alert(.askAgain)])
    let replacement = try #require(store.state.alert)
    // Equal by content, yet a different alert, which stays presented.
    #expect(replacement == shown)
    #expect(replacement.ephemeralIdentity != shown.ephemeralIdentity)
    driver.setPresented(false, shown: nil)
    #expect(store.state.received == [.alert(.askAgain)])
  }

  @Test("a confirmation dialog is driven the same way")
  func dialog() throws {
    let dialog = ConfirmationDialogState<Feature.Alert> {
      TextState("Share")
    } actions: {
      ButtonState(action: .confirm) { TextState("Copy") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    let store = Store(initialState: Feature.State(dialog: dialog)) { Feature() }
    let driver = PresentedButtonsDriver(
      store: store, state: \.dialog, action: Feature.Action.dialog, dismiss: .dialogDismissed)
    let shown = try #require(driver.presented)
    driver.tap(shown.buttons[0])
    driver.setPresented(false, shown: shown.ephemeralIdentity)
    #expect(store.state.received == [.dialog(.confirm)])
    #expect(driver.presented == nil)
  }
}
