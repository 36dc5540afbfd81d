// What a view does with an alert or a confirmation dialog held in a store, without SwiftUI: the
// SwiftUI modifiers (SwiftUI/AlertStateSwiftUI.swift, not compiled on Linux) are a thin layer
// over `PresentedButtonsDriver`, which is compiled and tested everywhere.

/// An alert or a confirmation dialog: an ephemeral value with buttons.
package protocol PresentedButtons<ButtonAction>: EphemeralState {
  /// The action type of the buttons.
  associatedtype ButtonAction

  /// The buttons, in order.
  var buttons: [ButtonState<ButtonAction>] { get }
}

/// Drives the presentation of an alert or dialog read from a store: whether it is shown, what a
/// tapped button sends, and when the view's dismissal must send the dismiss action.
///
/// A button with an action sends `embed(action)`; a button without one sends `dismiss`. When the
/// view reports it is no longer shown (SwiftUI sets `isPresented` to `false` after every tap or
/// dismissal), `dismiss` is sent only if the store still holds the very alert the view showed:
/// not when the button's action already dismissed it (a presentation `ifLet` does that in the
/// same reduce), nor when the parent presented another alert in its place.
///
/// A `@MainActor` class so that SwiftUI's `@Sendable` binding closures can capture it.
@MainActor
package final class PresentedButtonsDriver<State, Action, Presented: PresentedButtons> {
  private let store: Store<State, Action>
  private let toPresented: (State) -> Presented?
  private let embed: (Presented.ButtonAction) -> Action
  private let dismissAction: Action

  /// - Parameters:
  ///   - store: The store that holds the alert.
  ///   - toPresented: Reads the alert (or `nil`) from the store's state.
  ///   - embed: Turns a button's action into the store's action.
  ///   - dismiss: The action that dismisses the alert.
  package init(
    store: Store<State, Action>,
    state toPresented: @escaping (State) -> Presented?,
    action embed: @escaping (Presented.ButtonAction) -> Action,
    dismiss: Action
  ) {
    self.store = store
    self.toPresented = toPresented
    self.embed = embed
    self.dismissAction = dismiss
  }

  /// The alert the store holds now, or `nil` (read through `store.state`, so it is observed).
  package var presented: Presented? {
    toPresented(store.state)
  }

  /// Sends what `button` does: its action, embedded, or the dismiss action when it has none.
  package func tap(_ button: ButtonState<Presented.ButtonAction>) {
    button.withAction { action in
      if let action {
        store.send(embed(action))
      } else {
        store.send(dismissAction)
      }
    }
  }

  /// The view's `isPresented` was set: on `false`, sends the dismiss action if the store still
  /// holds the alert with identity `shown` (the one the view showed).
  package func setPresented(_ isPresented: Bool, shown: EphemeralIdentity?) {
    guard !isPresented, let shown, presented?.ephemeralIdentity == shown else { return }
    store.send(dismissAction)
  }
}
