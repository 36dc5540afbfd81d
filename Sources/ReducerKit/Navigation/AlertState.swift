/// An alert, held in state: its title, its buttons and their actions, and its message, as an
/// `Equatable` value a reducer presents and a test asserts.
///
/// ```swift
/// state.destination = .alert(
///   AlertState {
///     TextState("Delete?")
///   } actions: {
///     ButtonState(role: .destructive, action: .confirmDeletion(id)) { TextState("Delete") }
///     ButtonState(role: .cancel) { TextState("Cancel") }
///   } message: {
///     TextState("This cannot be undone.")
///   })
/// ```
///
/// Under a presentation `ifLet`, a tapped button's action arrives as
/// `.destination(.presented(.alert(action)))`, and the alert is dismissed in that same reduce
/// (unless the parent presented another alert there). A view shows it with the SwiftUI
/// `alert(store:state:action:dismiss:)` modifier.
///
/// Every alert built carries an identity that its copies (and `map`) keep and that
/// `==` and `hash(into:)` ignore: two alerts with the same content are equal, yet ReducerKit can
/// tell a newly presented alert from the one whose button was tapped.
///
/// `AlertState` is `Equatable`, `Hashable` and `Sendable` when `Action` is.
public struct AlertState<Action> {
  /// The alert's title.
  ///
  /// ```swift
  /// String(state: alert.title)  // "Delete?"
  /// ```
  public let title: TextState

  /// The alert's buttons, in order. An alert without buttons shows the system's OK button.
  ///
  /// ```swift
  /// alert.buttons.map(\.role)  // [.destructive, .cancel]
  /// ```
  public let buttons: [ButtonState<Action>]

  /// The text under the title, if any.
  ///
  /// ```swift
  /// alert.message.map { String(state: $0) }  // "This cannot be undone."
  /// ```
  public let message: TextState?

  /// The identity of this alert, kept by copies and `map`, ignored by `==`.
  package let ephemeralIdentity: EphemeralIdentity

  /// An alert with a title and, optionally, buttons and a message.
  ///
  /// ```swift
  /// AlertState { TextState("Saved") }
  ///
  /// AlertState {
  ///   TextState("Delete?")
  /// } actions: {
  ///   ButtonState(role: .destructive, action: .confirmDeletion(id)) { TextState("Delete") }
  ///   ButtonState(role: .cancel) { TextState("Cancel") }
  /// } message: {
  ///   TextState("This cannot be undone.")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - actions: The buttons (see ``ButtonStateBuilder``); none by default.
  ///   - message: The message, or `nil` for none.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      title: title(), buttons: actions(), message: message?(),
      ephemeralIdentity: EphemeralIdentity())
  }

  init(
    title: TextState, buttons: [ButtonState<Action>], message: TextState?,
    ephemeralIdentity: EphemeralIdentity
  ) {
    self.title = title
    self.buttons = buttons
    self.message = message
    self.ephemeralIdentity = ephemeralIdentity
  }

  /// The same alert sending another type of action: for an alert built by a child and shown by
  /// its parent.
  ///
  /// ```swift
  /// let alert: AlertState<Parent.Action> = childAlert.map { Parent.Action.alert($0) }
  /// ```
  ///
  /// The result keeps the alert's identity: it is the same alert, not a newly presented one.
  ///
  /// - Parameter transform: Turns a button's action into the new action type.
  /// - Returns: The alert, its buttons sending the transformed actions.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(
      title: title, buttons: buttons.map { $0.map(transform) }, message: message,
      ephemeralIdentity: ephemeralIdentity)
  }

  /// The same alert, with `transform` applied to each button's optional action (TCA's form).
  ///
  /// ```swift
  /// let alert: AlertState<Parent.Action> = childAlert.map { $0.map(Parent.Action.alert) }
  /// ```
  ///
  /// The result keeps the alert's identity.
  ///
  /// A closure that ignores its argument (`{ _ in … }`) picks the non-optional `map`, under
  /// which a button without an action keeps none; write the parameter's type
  /// (`{ (_: Alert?) in … }`) to use this one.
  ///
  /// - Parameter transform: Turns a button's action (`nil` if it has none) into the new one.
  /// - Returns: The alert, its buttons sending the transformed actions.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      title: title, buttons: buttons.map { $0.map(transform) }, message: message,
      ephemeralIdentity: ephemeralIdentity)
  }
}

extension AlertState: Equatable where Action: Equatable {
  /// Whether both alerts have the same title, buttons and message (their identities are
  /// ignored).
  ///
  /// ```swift
  /// AlertState<Never> { TextState("Saved") } == AlertState { TextState("Saved") }  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.buttons == rhs.buttons && lhs.message == rhs.message
  }
}

extension AlertState: Hashable where Action: Hashable {
  /// Hashes the title, buttons and message (not the identity), consistently with `==`.
  ///
  /// ```swift
  /// Set([AlertState<Never> { "Saved" }, AlertState { "Saved" }]).count  // 1
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(buttons)
    hasher.combine(message)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: PresentedButtons {}

extension AlertState: CustomReflectable {
  /// The alert as its title, buttons and message (no identity), for dumps, TestStore failure
  /// diffs and debuggers.
  ///
  /// ```swift
  /// print(debugDump(alert))
  /// // AlertState<Alert>(
  /// //   title: "Delete?",
  /// //   actions: [
  /// //     [0]: ButtonState<Alert>(
  /// //       role: .destructive,
  /// //       action: .send(.confirmDeletion(1)),
  /// //       label: "Delete",
  /// //     ),
  /// //   ],
  /// //   message: nil,
  /// // )
  /// ```
  public var customMirror: Mirror {
    Mirror(
      self, children: [("title", title), ("actions", buttons), ("message", message as Any)],
      displayStyle: .struct)
  }
}
