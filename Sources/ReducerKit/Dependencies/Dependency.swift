/// A property wrapper that reads a dependency from ``DependencyValues``.
///
/// Declare the dependencies a reducer uses as properties; each read returns the value in force at
/// that moment (the store's overrides while an action is reduced and in the effects it starts,
/// or the ones set by ``withDependencies(_:operation:)``):
///
/// ```swift
/// struct Timer: Reducer {
///   @Dependency(\.continuousClock) var clock
///   @Dependency(\.uuid) var uuid
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     state.id = uuid()
///     return .run { send in
///       try await clock.sleep(for: .seconds(1))
///       await send(.tick)
///     }
///   }
/// }
/// ```
///
/// The dependency is resolved on each read, not when the wrapper is created, so a reducer
/// created once sees the dependencies in force for each action it reduces.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  @usableFromInline let keyPath: KeyPath<DependencyValues, Value> & Sendable
  @usableFromInline let site: DependencySite

  /// Creates a property that reads the dependency at `keyPath`.
  ///
  /// ```swift
  /// @Dependency(\.date) var date
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on ``DependencyValues``.
  ///   - fileID: Where the property is declared, for warnings. Leave the default.
  ///   - line: Where the property is declared, for warnings. Leave the default.
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.keyPath = keyPath
    site = DependencySite(fileID: fileID, line: line)
  }

  /// The dependency's value in force now.
  ///
  /// ```swift
  /// let now = date.now
  /// ```
  ///
  /// - Complexity: One task-local read and one dictionary lookup.
  @inlinable public var wrappedValue: Value {
    var values = DependencyValues.current
    values.site = site
    return values[keyPath: keyPath]
  }
}
