import Foundation
import Testing

@testable import ReducerKit

private enum Alert: Hashable, Sendable {
  case confirmDeletion(Int)
  case retry
}

private enum Parent: Hashable {
  case alert(Alert)
  case cancelled
}

@Suite("ButtonState")
struct ButtonStateTests {
  @Test("a button with an action, a role and a label exposes all three")
  func readsActionRoleAndLabel() {
    let button = ButtonState(role: .destructive, action: Alert.confirmDeletion(7)) {
      TextState("Delete")
    }
    #expect(button.action.action == .confirmDeletion(7))
    #expect(button.role == .destructive)
    #expect(button.label == TextState("Delete"))
  }

  @Test("a button without an action (Cancel) has a nil action")
  func cancelButtonHasNoAction() {
    let button = ButtonState<Alert>(role: .cancel) { TextState("Cancel") }
    #expect(button.action.action == nil)
    #expect(button.role == .cancel)
    let plain = ButtonState<Alert> { TextState("OK") }
    #expect(plain.role == nil)
    #expect(plain.action == .send(nil))
  }

  @Test("ButtonState(action: .send(x)) equals ButtonState(action: x)")
  func sendEqualsPlainAction() {
    let sent = ButtonState<Alert>(action: .send(.retry)) { TextState("Retry") }
    let plain = ButtonState<Alert>(action: .retry) { TextState("Retry") }
    #expect(sent == plain)
    #expect(sent.hashValue == plain.hashValue)
    #expect(ButtonStateAction<Alert>.send(.retry) == .send(.retry))
    #expect(ButtonStateAction<Alert>.send(.retry) != .send(nil))
  }

  @Test("buttons differing in action, role or label are not equal")
  func inequality() {
    let button = ButtonState(role: .destructive, action: Alert.retry) { TextState("Retry") }
    #expect(button != ButtonState(role: .destructive, action: .confirmDeletion(1)) { "Retry" })
    #expect(button != ButtonState(role: .cancel, action: .retry) { "Retry" })
    #expect(button != ButtonState(action: .retry) { "Retry" })
    #expect(button != ButtonState(role: .destructive, action: .retry) { "Again" })
    #expect(Set([button, button, ButtonState(action: .retry) { "Retry" }]).count == 2)
  }

  @Test("withAction passes the action, or nil for a button without one")
  func withAction() {
    var received: [Alert?] = []
    ButtonState(action: Alert.retry) { TextState("Retry") }.withAction { received.append($0) }
    ButtonState<Alert>(role: .cancel) { TextState("Cancel") }.withAction { received.append($0) }
    #expect(received == [.retry, nil])
  }

  @Test("map transforms the action, keeps role and label, and leaves no action as none")
  func map() {
    let button = ButtonState(role: .destructive, action: Alert.retry) { TextState("Retry") }
    let mapped = button.map { Parent.alert($0) }
    #expect(mapped == ButtonState(role: .destructive, action: .alert(.retry)) { "Retry" })
    let byFunction: ButtonState<Parent> = button.map(Parent.alert)
    #expect(byFunction == mapped)
    let cancel = ButtonState<Alert>(role: .cancel) { TextState("Cancel") }
    #expect(cancel.map { Parent.alert($0) }.action.action == nil)
  }

  @Test("map over the optional action (TCA's form) can also give an action to a button")
  func mapOptional() {
    let cancel = ButtonState<Alert>(role: .cancel) { TextState("Cancel") }
    let mapped: ButtonState<Parent> = cancel.map { $0.map(Parent.alert) ?? .cancelled }
    #expect(mapped.action.action == .cancelled)
    let retry = ButtonState(action: Alert.retry) { TextState("Retry") }
    let optionalMapped: ButtonState<Parent> = retry.map { $0.map(Parent.alert) }
    #expect(optionalMapped.action.action == .alert(.retry))
    let typed = ButtonStateAction<Alert>.send(nil).map { (_: Alert?) in Parent.cancelled }
    #expect(typed == .send(.cancelled))
    // A closure that ignores its argument without naming its type picks the non-optional form.
    #expect(ButtonStateAction<Alert>.send(nil).map { _ in Parent.cancelled } == .send(nil))
  }

  @Test("a button dumps as its role, its action as .send(…), and its label as a string")
  func dump() {
    let button = ButtonState(role: .destructive, action: Alert.confirmDeletion(1)) {
      TextState("Delete")
    }
    #expect(
      debugDump(button) == """
        ButtonState<Alert>(
          role: .destructive,
          action: .send(.confirmDeletion(1)),
          label: "Delete",
        )
        """)
    let cancel = ButtonState<Alert>(role: .cancel) { TextState("Cancel") }
    #expect(debugDump(cancel).contains("action: .send(nil),"))
  }

  @Test("ButtonState, ButtonStateAction and ButtonStateRole are Sendable when Action is")
  func isSendable() {
    func requireSendable<T: Sendable>(_ value: T) -> T { value }
    let button = requireSendable(ButtonState(action: Alert.retry) { TextState("Retry") })
    #expect(requireSendable(button.action) == .send(.retry))
    #expect(requireSendable(ButtonStateRole.cancel) != .destructive)
  }
}
