/// A confirmation dialog (an action sheet), held in state: its title, its buttons and their
/// actions, and its message, as an `Equatable` value a reducer presents and a test asserts.
///
/// ```swift
/// state.destination = .confirmationDialog(
///   ConfirmationDialogState(titleVisibility: .visible) {
///     TextState("Share")
///   } actions: {
///     ButtonState(action: .copyLink) { TextState("Copy link") }
///     ButtonState(role: .cancel) { TextState("Cancel") }
///   } message: {
///     TextState("Choose how to share this item.")
///   })
/// ```
///
/// It works as ``AlertState`` does: a tapped button's action arrives as
/// `.destination(.presented(.confirmationDialog(action)))` under a presentation `ifLet`, which
/// then dismisses the dialog; every dialog built carries an identity that copies and `map` keep
/// and `==` ignores. A view shows it with the SwiftUI
/// `confirmationDialog(store:state:action:dismiss:)` modifier.
///
/// `ConfirmationDialogState` is `Equatable`, `Hashable` and `Sendable` when `Action` is.
public struct ConfirmationDialogState<Action> {
  /// Whether the dialog shows its title.
  ///
  /// ```swift
  /// dialog.titleVisibility  // .visible
  /// ```
  public let titleVisibility: ConfirmationDialogStateTitleVisibility

  /// The dialog's title.
  ///
  /// ```swift
  /// String(state: dialog.title)  // "Share"
  /// ```
  public let title: TextState

  /// The dialog's buttons, in order.
  ///
  /// ```swift
  /// dialog.buttons.count  // 2
  /// ```
  public let buttons: [ButtonState<Action>]

  /// The text under the title, if any.
  ///
  /// ```swift
  /// dialog.message.map { String(state: $0) }
  /// ```
  public let message: TextState?

  /// The identity of this dialog, kept by copies and `map`, ignored by `==`.
  package let ephemeralIdentity: EphemeralIdentity

  /// A confirmation dialog with a title and, optionally, buttons and a message.
  ///
  /// ```swift
  /// ConfirmationDialogState {
  ///   TextState("Share")
  /// } actions: {
  ///   ButtonState(action: .copyLink) { TextState("Copy link") }
  ///   ButtonState(role: .cancel) { TextState("Cancel") }
  /// }
  ///
  /// ConfirmationDialogState(titleVisibility: .visible) { TextState("Share") }
  /// ```
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown; `.automatic` (the system decides) by
  ///     default.
  ///   - title: The title.
  ///   - actions: The buttons (see ``ButtonStateBuilder``); none by default.
  ///   - message: The message, or `nil` for none.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      titleVisibility: titleVisibility, title: title(), buttons: actions(), message: message?(),
      ephemeralIdentity: EphemeralIdentity())
  }

  init(
    titleVisibility: ConfirmationDialogStateTitleVisibility, title: TextState,
    buttons: [ButtonState<Action>], message: TextState?, ephemeralIdentity: EphemeralIdentity
  ) {
    self.titleVisibility = titleVisibility
    self.title = title
    self.buttons = buttons
    self.message = message
    self.ephemeralIdentity = ephemeralIdentity
  }

  /// The same dialog sending another type of action: for a dialog built by a child and shown by
  /// its parent.
  ///
  /// ```swift
  /// let dialog: ConfirmationDialogState<Parent.Action> = child.map { Parent.Action.share($0) }
  /// ```
  ///
  /// The result keeps the dialog's identity.
  ///
  /// - Parameter transform: Turns a button's action into the new action type.
  /// - Returns: The dialog, its buttons sending the transformed actions.
  public func map<NewAction>(
    _ transform: (Action) -> NewAction
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      titleVisibility: titleVisibility, title: title, buttons: buttons.map { $0.map(transform) },
      message: message, ephemeralIdentity: ephemeralIdentity)
  }

  /// The same dialog, with `transform` applied to each button's optional action (TCA's form).
  ///
  /// ```swift
  /// let dialog: ConfirmationDialogState<Parent.Action> = child.map { $0.map(Parent.Action.share) }
  /// ```
  ///
  /// The result keeps the dialog's identity.
  ///
  /// A closure that ignores its argument (`{ _ in … }`) picks the non-optional `map`, under
  /// which a button without an action keeps none; write the parameter's type
  /// (`{ (_: Alert?) in … }`) to use this one.
  ///
  /// - Parameter transform: Turns a button's action (`nil` if it has none) into the new one.
  /// - Returns: The dialog, its buttons sending the transformed actions.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      titleVisibility: titleVisibility, title: title, buttons: buttons.map { $0.map(transform) },
      message: message, ephemeralIdentity: ephemeralIdentity)
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Whether both dialogs have the same title visibility, title, buttons and message (their
  /// identities are ignored).
  ///
  /// ```swift
  /// ConfirmationDialogState<Never> { "Share" } == ConfirmationDialogState { "Share" }  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.titleVisibility == rhs.titleVisibility && lhs.title == rhs.title
      && lhs.buttons == rhs.buttons && lhs.message == rhs.message
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes the title visibility, title, buttons and message (not the identity), consistently
  /// with `==`.
  ///
  /// ```swift
  /// Set([ConfirmationDialogState<Never> { "Share" }, .init { "Share" }]).count  // 1
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(titleVisibility)
    hasher.combine(title)
    hasher.combine(buttons)
    hasher.combine(message)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: PresentedButtons {}

extension ConfirmationDialogState: CustomReflectable {
  /// The dialog as its title visibility, title, buttons and message (no identity), for dumps,
  /// TestStore failure diffs and debuggers.
  ///
  /// ```swift
  /// print(debugDump(dialog))
  /// // ConfirmationDialogState<Share>(
  /// //   titleVisibility: .visible,
  /// //   title: "Share",
  /// //   actions: [ … ],
  /// //   message: nil,
  /// // )
  /// ```
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        ("titleVisibility", titleVisibility), ("title", title), ("actions", buttons),
        ("message", message as Any),
      ],
      displayStyle: .struct)
  }
}

/// Whether a confirmation dialog shows its title (SwiftUI's `Visibility`).
///
/// ```swift
/// ConfirmationDialogState(titleVisibility: .visible) { TextState("Share") }
/// ```
public enum ConfirmationDialogStateTitleVisibility: Hashable, Sendable {
  /// The system decides.
  ///
  /// ```swift
  /// ConfirmationDialogState(titleVisibility: .automatic) { TextState("Share") }
  /// ```
  case automatic

  /// The title is hidden.
  ///
  /// ```swift
  /// ConfirmationDialogState(titleVisibility: .hidden) { TextState("Share") }
  /// ```
  case hidden

  /// The title is shown.
  ///
  /// ```swift
  /// ConfirmationDialogState(titleVisibility: .visible) { TextState("Share") }
  /// ```
  case visible
}
