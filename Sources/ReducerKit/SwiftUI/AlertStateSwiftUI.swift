// SwiftUI adapters for TextState, ButtonState, AlertState and ConfirmationDialogState.
//
// Written against Apple's documented SwiftUI API (macOS 14 / iOS 17 floor); NOT compiled on the
// Linux CI. Kept thin on purpose: what a tap sends and when a dismissal sends the dismiss action
// is decided by `PresentedButtonsDriver` (Navigation/PresentedButtons.swift), which is compiled
// and tested everywhere.

#if canImport(SwiftUI)
import SwiftUI

extension Text {
  /// A `Text` that shows a ``TextState``.
  ///
  /// ```swift
  /// Text(alert.title)
  /// ```
  ///
  /// Disfavored so that `Text("literal")` keeps choosing SwiftUI's localized initializer even
  /// though ``TextState`` is `ExpressibleByStringLiteral`.
  ///
  /// - Parameter state: The text to show, verbatim.
  @_disfavoredOverload
  public init(_ state: TextState) {
    self.init(verbatim: String(state: state))
  }
}

extension ButtonRole {
  /// The SwiftUI role of a ``ButtonStateRole``.
  ///
  /// ```swift
  /// Button(role: button.role.map(ButtonRole.init)) { … } label: { Text(button.label) }
  /// ```
  ///
  /// - Parameter role: The role of a ``ButtonState``.
  public init(_ role: ButtonStateRole) {
    switch role {
    case .cancel: self = .cancel
    case .destructive: self = .destructive
    }
  }
}

extension Visibility {
  /// The SwiftUI visibility of a ``ConfirmationDialogStateTitleVisibility``.
  ///
  /// ```swift
  /// Visibility(dialog.titleVisibility)  // .visible
  /// ```
  ///
  /// - Parameter visibility: The title visibility of a ``ConfirmationDialogState``.
  public init(_ visibility: ConfirmationDialogStateTitleVisibility) {
    switch visibility {
    case .automatic: self = .automatic
    case .hidden: self = .hidden
    case .visible: self = .visible
    }
  }
}

extension View {
  /// Shows the alert that a store's state holds, while it holds one.
  ///
  /// ```swift
  /// List { … }
  ///   .alert(
  ///     store: store,
  ///     state: { CasePath(Destination.State.alert).extract(from: $0.destination) },
  ///     action: { .destination(.presented(.alert($0))) },
  ///     dismiss: .destination(.dismiss))
  /// ```
  ///
  /// A tapped button sends `action(buttonAction)` (a presentation `ifLet` then dismisses the
  /// alert in the same reduce); a button without an action sends `dismiss`. When SwiftUI
  /// dismisses the alert, `dismiss` is sent only if the store still holds that same alert.
  ///
  /// - Parameters:
  ///   - store: The store whose state holds the alert.
  ///   - toAlertState: Reads the alert (or `nil`) from the store's state; a key path works.
  ///   - fromButtonAction: Turns a button's action into the store's action.
  ///   - dismiss: The action that dismisses the alert.
  /// - Returns: The view, presenting the alert.
  @MainActor
  public func alert<State, Action, ButtonAction>(
    store: Store<State, Action>,
    state toAlertState: @escaping (_ state: State) -> AlertState<ButtonAction>?,
    action fromButtonAction: @escaping (_ action: ButtonAction) -> Action,
    dismiss: Action
  ) -> some View {
    let driver = PresentedButtonsDriver(
      store: store, state: toAlertState, action: fromButtonAction, dismiss: dismiss)
    let alertState = driver.presented
    let shown = alertState?.ephemeralIdentity
    return self.alert(
      alertState.map { Text($0.title) } ?? Text(verbatim: ""),
      isPresented: driver.isPresentedBinding(shown: shown),
      presenting: alertState,
      actions: { alertState in
        ForEach(alertState.buttons.indices, id: \.self) { index in
          driver.button(alertState.buttons[index])
        }
      },
      message: { alertState in
        if let message = alertState.message {
          Text(message)
        }
      })
  }

  /// Shows the confirmation dialog that a store's state holds, while it holds one.
  ///
  /// ```swift
  /// List { … }
  ///   .confirmationDialog(
  ///     store: store,
  ///     state: \.shareDialog,
  ///     action: Feature.Action.shareDialog,
  ///     dismiss: .shareDialogDismissed)
  /// ```
  ///
  /// Buttons and dismissal work as in ``SwiftUI/View/alert(store:state:action:dismiss:)``.
  ///
  /// - Parameters:
  ///   - store: The store whose state holds the dialog.
  ///   - toDialogState: Reads the dialog (or `nil`) from the store's state; a key path works.
  ///   - fromButtonAction: Turns a button's action into the store's action.
  ///   - dismiss: The action that dismisses the dialog.
  /// - Returns: The view, presenting the dialog.
  @MainActor
  public func confirmationDialog<State, Action, ButtonAction>(
    store: Store<State, Action>,
    state toDialogState: @escaping (_ state: State) -> ConfirmationDialogState<ButtonAction>?,
    action fromButtonAction: @escaping (_ action: ButtonAction) -> Action,
    dismiss: Action
  ) -> some View {
    let driver = PresentedButtonsDriver(
      store: store, state: toDialogState, action: fromButtonAction, dismiss: dismiss)
    let dialogState = driver.presented
    let shown = dialogState?.ephemeralIdentity
    return self.confirmationDialog(
      dialogState.map { Text($0.title) } ?? Text(verbatim: ""),
      isPresented: driver.isPresentedBinding(shown: shown),
      titleVisibility: dialogState.map { Visibility($0.titleVisibility) } ?? .automatic,
      presenting: dialogState,
      actions: { dialogState in
        ForEach(dialogState.buttons.indices, id: \.self) { index in
          driver.button(dialogState.buttons[index])
        }
      },
      message: { dialogState in
        if let message = dialogState.message {
          Text(message)
        }
      })
  }
}

extension PresentedButtonsDriver {
  /// The `isPresented` binding of the alert or dialog the view shows (identity `shown`).
  fileprivate func isPresentedBinding(shown: EphemeralIdentity?) -> Binding<Bool> {
    Binding(
      get: { MainActor.assumeIsolated { self.presented != nil } },
      set: { newValue in
        MainActor.assumeIsolated { self.setPresented(newValue, shown: shown) }
      })
  }

  /// A SwiftUI button for `button`, which sends what it does when tapped.
  fileprivate func button(_ button: ButtonState<Presented.ButtonAction>) -> some View {
    Button(role: button.role.map(ButtonRole.init)) {
      self.tap(button)
    } label: {
      Text(button.label)
    }
  }
}
#endif
