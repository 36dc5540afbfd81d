/// A button of an alert or a confirmation dialog, held in state: its label, its role, and the
/// action it sends when tapped.
///
/// Build buttons inside the `actions:` closure of ``AlertState`` or ``ConfirmationDialogState``:
///
/// ```swift
/// AlertState {
///   TextState("Delete?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion(id)) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
///
/// A button without an action (like Cancel above) only dismisses the alert. Under a presentation
/// `ifLet`, a tapped button's action reaches the parent as `.presented(.alert(action))`, after
/// which the alert is dismissed.
///
/// `ButtonState` is `Equatable`, `Hashable` and `Sendable` when `Action` is.
public struct ButtonState<Action> {
  /// What the button does when tapped: the action it sends, or none.
  ///
  /// ```swift
  /// button.action.action  // .confirmDeletion(id), or nil for a Cancel button
  /// ```
  public let action: ButtonStateAction<Action>

  /// The button's label.
  ///
  /// ```swift
  /// String(state: button.label)  // "Delete"
  /// ```
  public let label: TextState

  /// The button's role (`.cancel`, `.destructive`), or `nil` for a plain button.
  ///
  /// ```swift
  /// button.role == .destructive
  /// ```
  public let role: ButtonStateRole?

  /// A button that sends a ``ButtonStateAction`` when tapped, such as `.send(action)`.
  ///
  /// ```swift
  /// ButtonState(role: .cancel) { TextState("Cancel") }       // no action: dismisses only
  /// ButtonState(action: .send(.save)) { TextState("Save") }  // same as `action: .save`
  /// ```
  ///
  /// - Parameters:
  ///   - role: The button's role, or `nil` for a plain button.
  ///   - action: What the button sends; nothing by default.
  ///   - label: The button's label.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// A button that sends `action` when tapped.
  ///
  /// ```swift
  /// ButtonState(role: .destructive, action: .confirmDeletion(id)) { TextState("Delete") }
  /// ```
  ///
  /// - Parameters:
  ///   - role: The button's role, or `nil` for a plain button.
  ///   - action: The action to send.
  ///   - label: The button's label.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  init(action: ButtonStateAction<Action>, label: TextState, role: ButtonStateRole?) {
    self.action = action
    self.label = label
    self.role = role
  }

  /// Calls `perform` with the action the button sends (`nil` when it sends none): what a view
  /// does when the button is tapped.
  ///
  /// ```swift
  /// button.withAction { action in
  ///   if let action { store.send(action) } else { store.send(.dismiss) }
  /// }
  /// ```
  ///
  /// - Parameter perform: Called once, with the button's action.
  public func withAction(_ perform: (_ action: Action?) -> Void) {
    perform(action.action)
  }

  /// The same button sending another type of action, with `transform` applied to its action.
  ///
  /// ```swift
  /// let button: ButtonState<Parent.Action> = child.map { Parent.Action.alert($0) }
  /// ```
  ///
  /// A button without an action stays without one.
  ///
  /// - Parameter transform: Turns the button's action into the new action type.
  /// - Returns: The button, sending the transformed action.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(action: action.map(transform), label: label, role: role)
  }

  /// The same button sending another type of action, with `transform` applied to its optional
  /// action (TCA's form: it may also remove the action, or give one to a button without one).
  ///
  /// ```swift
  /// let button: ButtonState<Parent.Action> = child.map { $0.map(Parent.Action.alert) }
  /// ```
  ///
  /// A closure that ignores its argument (`{ _ in … }`) picks the non-optional `map`, under
  /// which a button without an action keeps none; write the parameter's type
  /// (`{ (_: Alert?) in … }`) to use this one.
  ///
  /// - Parameter transform: Turns the button's action (`nil` if it has none) into the new one.
  /// - Returns: The button, sending the transformed action.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ButtonState<NewAction> {
    ButtonState<NewAction>(action: action.map(transform), label: label, role: role)
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

extension ButtonState: CustomReflectable {
  /// The button as its role, action and label, for dumps and debuggers.
  ///
  /// ```swift
  /// print(debugDump(button))
  /// // ButtonState<Alert>(
  /// //   role: .destructive,
  /// //   action: .send(.confirmDeletion(1)),
  /// //   label: "Delete",
  /// // )
  /// ```
  public var customMirror: Mirror {
    Mirror(
      self, children: [("role", role as Any), ("action", action), ("label", label)],
      displayStyle: .struct)
  }
}

/// The role of a button in an alert or a confirmation dialog, which decides how it looks and
/// where it goes (SwiftUI's `ButtonRole`).
///
/// ```swift
/// ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
/// ButtonState(role: .cancel) { TextState("Cancel") }
/// ```
public enum ButtonStateRole: Hashable, Sendable {
  /// A button that cancels: it dismisses without doing anything else.
  ///
  /// ```swift
  /// ButtonState(role: .cancel) { TextState("Cancel") }
  /// ```
  case cancel

  /// A button that deletes or destroys something; shown in red.
  ///
  /// ```swift
  /// ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
  /// ```
  case destructive
}

/// What a ``ButtonState`` does when tapped: send an action, or nothing besides dismissing.
///
/// ```swift
/// ButtonState(action: .send(.save)) { TextState("Save") }
/// button.action.action  // .save
/// ```
///
/// `ButtonState(action: .send(x))` equals `ButtonState(action: x)`.
public struct ButtonStateAction<Action> {
  /// How the button acts; an enum so that it dumps as `.send(action)`.
  enum Kind {
    case send(Action?)
  }

  let kind: Kind

  /// Sends `action` (or only dismisses, when it is `nil`).
  ///
  /// ```swift
  /// ButtonState(action: .send(.save)) { TextState("Save") }
  /// ```
  ///
  /// - Parameter action: The action to send, or `nil` for none.
  /// - Returns: The button action.
  public static func send(_ action: Action?) -> Self {
    Self(kind: .send(action))
  }

  /// The action sent when the button is tapped, or `nil` when it only dismisses.
  ///
  /// ```swift
  /// ButtonState(role: .cancel) { TextState("Cancel") }.action.action  // nil
  /// ```
  public var action: Action? {
    switch kind {
    case .send(let action): action
    }
  }

  /// The same button action with `transform` applied to its action (none stays none).
  ///
  /// ```swift
  /// ButtonStateAction<Alert>.send(.save).map { Parent.Action.alert($0) }
  /// ```
  ///
  /// - Parameter transform: Turns the action into the new action type.
  /// - Returns: The transformed button action.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonStateAction<NewAction> {
    .send(action.map(transform))
  }

  /// The same button action with `transform` applied to its optional action.
  ///
  /// ```swift
  /// ButtonStateAction<Alert>.send(nil).map { (_: Alert?) in Parent.Action.cancelled }
  /// ```
  ///
  /// A closure that ignores its argument (`{ _ in … }`) picks the non-optional `map`, under
  /// which a button without an action keeps none; write the parameter's type
  /// (`{ (_: Alert?) in … }`) to use this one.
  ///
  /// - Parameter transform: Turns the action (`nil` if there is none) into the new one.
  /// - Returns: The transformed button action.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ButtonStateAction<NewAction> {
    .send(transform(action))
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {
  /// Whether both send the same action (or both send none).
  ///
  /// ```swift
  /// ButtonStateAction.send(1) == .send(1)  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action
  }
}

extension ButtonStateAction: Hashable where Action: Hashable {
  /// Hashes the action sent.
  ///
  /// ```swift
  /// Set([ButtonStateAction.send(1), .send(1)]).count  // 1
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
  }
}

extension ButtonStateAction.Kind: Sendable where Action: Sendable {}
extension ButtonStateAction: Sendable where Action: Sendable {}

extension ButtonStateAction: CustomDumpRepresentable {
  /// A button action dumps as `.send(action)`.
  package var customDumpValue: Any { kind }
}
