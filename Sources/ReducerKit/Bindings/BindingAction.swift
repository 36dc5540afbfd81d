/// An action that sets one field of a feature's state: what a form control sends.
///
/// Build one with ``set(_:_:)``; a ``BindingReducer`` applies it, and
/// ``Store/binding(_:)`` sends one whenever a control writes through a ``StoreBinding``.
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
  /// The field of `Root` this action sets.
  ///
  /// ```swift
  /// let action = BindingAction<Settings.State>.set(\.name, "Blob")
  /// action.keyPath == \Settings.State.name  // true
  /// ```
  public let keyPath: PartialKeyPath<Root> & Sendable

  /// The new value, kept for equality and descriptions.
  let value: any Equatable & Sendable

  /// Writes the value into a root; captures only the `Sendable` key path and value.
  private let assign: @Sendable (inout Root) -> Void

  private init<Value: Equatable & Sendable>(
    keyPath: WritableKeyPath<Root, Value> & Sendable, value: Value
  ) {
    self.keyPath = keyPath
    self.value = value
    self.assign = { $0[keyPath: keyPath] = value }
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
    Self(keyPath: keyPath, value: value)
  }

  /// Sets the field in `root`.
  func apply(to root: inout Root) {
    assign(&root)
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
    lhs.keyPath == rhs.keyPath && isEqual(lhs.value, rhs.value)
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
    ".set(\(String(reflecting: keyPath)), \(debugDump(value)))"
  }
}

extension BindingAction: CustomReflectable {
  /// A mirror without children, so that dumps of actions (in test failures and
  /// `_printChanges()`) show ``debugDescription`` rather than the stored closure.
  public var customMirror: Mirror {
    Mirror(self, children: [])
  }
}
