/// An action that sets one field of a feature's state: what a form control sends.
///
/// Build one with ``set(_:_:)``; a ``BindingReducer`` applies it, and
/// ``Store/binding(_:fileID:line:)`` sends one whenever a control writes through a
/// ``StoreBinding``.
///
/// ```swift
/// struct Settings: Reducer {
///   struct State: Equatable { var name = ""; var isOn = false }
///   enum Action: BindableAction, Equatable {
///     case binding(BindingAction<State>)
///     case save
///   }
///
///   var body: some ReducerOf<Self> {
///     BindingReducer()
///     Reduce { state, action in
///       switch action {
///       case .binding(\.name):
///         // Runs after `BindingReducer` stored the new name.
///         state.isOn = !state.name.isEmpty
///         return .none
///       case .binding, .save:
///         return .none
///       }
///     }
///   }
/// }
///
/// store.send(.binding(.set(\.name, "Blob")))
/// ```
///
/// Two binding actions are equal when they set the same key path to equal values. A binding
/// action is `Sendable`: its key path and value are required to be.
public struct BindingAction<Root>: Sendable {
  /// The new value, kept for equality and descriptions. Stored first: the first word of
  /// ``probe`` is then its small integer, which tells a case path learning its case without
  /// reflection metadata that the payload is stored inline (see `caseProbes(of:)`).
  let newValue: any Equatable & Sendable

  /// The field of `Root` this action sets.
  ///
  /// ```swift
  /// let action = BindingAction<Settings.State>.set(\.name, "Blob")
  /// action.keyPath == \Settings.State.name  // true
  /// ```
  public let keyPath: PartialKeyPath<Root> & Sendable

  /// Writes the value into a root; captures only the `Sendable` key path and value.
  private let assign: @Sendable (inout Root) -> Void

  /// For an action sent by a store binding: records whether a ``BindingReducer`` applied it, and
  /// warns when the last copy of the action goes away unapplied. `nil` for actions built with
  /// ``set(_:_:)``. Not part of equality.
  private let tracker: BindingActionTracker?

  private init<Value: Equatable & Sendable>(
    keyPath: WritableKeyPath<Root, Value> & Sendable, value: Value,
    tracker: BindingActionTracker?
  ) {
    self.keyPath = keyPath
    self.newValue = value
    self.assign = { $0[keyPath: keyPath] = value }
    self.tracker = tracker
  }

  /// A binding action that a case path calls its enum's case constructor with, to learn which
  /// case it builds when the enum has no reflection metadata. It is never sent: it sets nothing.
  static var probe: Self {
    Self(probeFor: \Root.self)
  }

  private init(probeFor keyPath: PartialKeyPath<Root> & Sendable) {
    self.newValue = 1
    self.keyPath = keyPath
    self.assign = { _ in }
    self.tracker = nil
  }

  /// An action that sets the field at `keyPath` to `value`.
  ///
  /// ```swift
  /// store.send(.binding(.set(\.name, "Blob")))
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field to set.
  ///   - value: Its new value.
  /// - Returns: The binding action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(keyPath: keyPath, value: value, tracker: nil)
  }

  /// An action that sets the field at `keyPath` to `value`, sent by a store binding: when no
  /// ``BindingReducer`` applies it, a runtime warning (at `fileID`/`line`, where the binding was
  /// made) says the feature lacks one, once the action is gone.
  package static func fromStoreBinding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value,
    fileID: StaticString, line: UInt
  ) -> Self {
    Self(
      keyPath: keyPath, value: value,
      tracker: BindingActionTracker(
        keyPath: keyPath, fileID: fileID, line: line))
  }

  /// Sets the field in `root`.
  func apply(to root: inout Root) {
    assign(&root)
    tracker?.markApplied()
  }

  /// The value this action sets the field at `keyPath` to; `nil` when it sets another field (or
  /// the value is not a `Value`).
  ///
  /// ```swift
  /// case let .binding(action):
  ///   if let name = action.value(for: \.name) {
  ///     print("name is now", name)
  ///   }
  ///   return .none
  /// ```
  ///
  /// - Parameter keyPath: The field to read the new value of.
  /// - Returns: The new value, or `nil` when this action is for another field.
  public func value<Value>(for keyPath: KeyPath<Root, Value>) -> Value? {
    guard self.keyPath as AnyKeyPath == keyPath else { return nil }
    return newValue as? Value
  }

  /// Whether `action` sets the field at `keyPath`, whatever the value: what makes
  /// `case .binding(\.name)` match in a `switch` over actions.
  ///
  /// ```swift
  /// switch action {
  /// case .binding(\.name):
  ///   return .send(.validateName)
  /// default:
  ///   return .none
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field a `case` pattern names.
  ///   - action: The binding action being matched.
  /// - Returns: `true` when `action` sets that field.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, Value>, action: BindingAction<Root>
  ) -> Bool {
    // Compared as plain key paths: `==` is declared on `AnyKeyPath`.
    action.keyPath as AnyKeyPath == keyPath
  }
}

extension BindingAction: Equatable {
  /// Whether both actions set the same field to equal values.
  ///
  /// ```swift
  /// BindingAction<Settings.State>.set(\.name, "Blob") == .set(\.name, "Blob")  // true
  /// BindingAction<Settings.State>.set(\.name, "Blob") == .set(\.name, "Bob")   // false
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && isEqual(lhs.newValue, rhs.newValue)
  }
}

/// Compares an opened `Equatable` value with a value of any type.
private func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
  guard let rhs = rhs as? Value else { return false }
  return lhs == rhs
}

extension BindingAction: CustomDebugStringConvertible {
  /// The action as it would be written: `.set(\State.name, "Blob")`.
  ///
  /// ```swift
  /// print(String(reflecting: BindingAction<Settings.State>.set(\.name, "Blob")))
  /// // .set(\State.name, "Blob")
  /// ```
  public var debugDescription: String {
    ".set(\(String(reflecting: keyPath)), \(debugDump(newValue)))"
  }
}

extension BindingAction: CustomReflectable {
  /// A mirror without children, so that dumps of actions (in test failures and
  /// `_printChanges()`) show ``debugDescription`` rather than the stored closure.
  public var customMirror: Mirror {
    Mirror(self, children: [])
  }
}

/// Watches one binding action sent by a store binding: a ``BindingReducer`` marks it applied; if
/// it never does, the tracker's `deinit` (when the last copy of the action is released, right
/// after the store reduced it) reports that the feature has no `BindingReducer`.
///
/// Released rather than checked after `send` returns, so that an action queued behind the one
/// being reduced (a binding written re-entrantly) is judged only once it was reduced.
final class BindingActionTracker: Sendable {
  private let isApplied = Locked(false)
  private let keyPath: AnyKeyPath & Sendable
  private let fileID: StaticString
  private let line: UInt

  init(keyPath: AnyKeyPath & Sendable, fileID: StaticString, line: UInt) {
    self.keyPath = keyPath
    self.fileID = fileID
    self.line = line
  }

  func markApplied() {
    isApplied.withLock { $0 = true }
  }

  deinit {
    guard !isApplied.withLock({ $0 }) else { return }
    let field = String(reflecting: keyPath)
    runtimeWarn(
      """
      A binding action sent from a store for \(field) was not handled. Add BindingReducer() to \
      the feature's body (before the reducers that react to the binding) so it sets the field.
      """, fileID: fileID, line: line)
  }
}
