/// The dependencies that reducers and effects read: clocks, dates, API clients and so on.
///
/// Each dependency is a property of `DependencyValues`, declared in an extension with a
/// ``DependencyKey``:
///
/// ```swift
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// Features read dependencies with ``Dependency``; tests and previews change them with
/// ``withDependencies(_:operation:)``, and a store created with `withDependencies:` keeps the values
/// set there for every action it reduces and for the effects those actions start:
///
/// ```swift
/// let store = Store(initialState: Feature.State()) {
///   Feature()
/// } withDependencies: {
///   $0.continuousClock = ImmediateClock()
/// }
/// ```
///
/// A value holds only the dependencies set on it; every other one resolves to its key's
/// ``DependencyKey/liveValue`` (or, in a test context, its ``DependencyKey/testValue``).
public struct DependencyValues: Sendable {
  /// The values in force on the current task.
  @TaskLocal private static var taskValues = DependencyValues()

  /// The explicitly set dependencies, keyed by `ObjectIdentifier(Key.self)`. Each value is a
  /// `StoredDependency<Key.Value>`, so reading it back is a cast to a concrete type.
  @usableFromInline var storage: [ObjectIdentifier: any Sendable] = [:]

  /// The context set on these values, or `nil` when it was never set (which means live).
  private var explicitContext: DependencyContext?

  /// The test values resolved in this test context; non-`nil` exactly when the context is `.test`.
  @usableFromInline var testValues: TestValueCache?

  /// Where the ``Dependency`` reading these values was declared, for warnings. Not an override.
  @usableFromInline var site: DependencySite?

  /// Creates an empty set of overrides: every dependency has its default value.
  ///
  /// ```swift
  /// var values = DependencyValues()
  /// values.uuid = .incrementing
  /// ```
  public init() {}

  /// Reads or sets the dependency registered under `key`.
  ///
  /// Use it to declare a dependency's property on `DependencyValues`:
  ///
  /// ```swift
  /// extension DependencyValues {
  ///   var apiClient: APIClient {
  ///     get { self[APIClientKey.self] }
  ///     set { self[APIClientKey.self] = newValue }
  ///   }
  /// }
  /// ```
  ///
  /// A dependency that was set returns the value set; otherwise it resolves to the key's
  /// ``DependencyKey/liveValue``, or in a test context to its ``DependencyKey/testValue``.
  ///
  /// - Parameters:
  ///   - key: The dependency's key type.
  ///   - function: The property reading the key, used to name the dependency in warnings. Leave
  ///     the default.
  /// - Complexity: O(1): one dictionary lookup.
  public subscript<Key: DependencyKey>(
    key: Key.Type, function: StaticString = #function
  ) -> Key.Value {
    // Inlinable so that the caller's module specializes it: an unspecialized generic read looks up
    // `StoredDependency<Key.Value>`'s metadata in the runtime's cache on every call.
    @inlinable get {
      if let stored = storage[ObjectIdentifier(key)] as? StoredDependency<Key.Value> {
        return stored.value
      }
      guard let testValues else { return Key.liveValue }
      return testValue(of: key, function: function, cache: testValues)
    }
    @inlinable set {
      storage[ObjectIdentifier(key)] = StoredDependency(newValue)
    }
  }

  /// The values in force for the current task.
  ///
  /// They are the values of the innermost ``withValues(_:operation:)`` (or
  /// ``withDependencies(_:operation:)``) around the caller, inherited by the tasks created inside
  /// it; outside any, an empty set of overrides in the live context.
  ///
  /// ```swift
  /// let clock = DependencyValues.current.continuousClock
  /// ```
  @usableFromInline package static var current: DependencyValues {
    taskValues
  }

  /// Runs `operation` with `values` as the ``current`` values.
  ///
  /// Tasks created inside `operation` keep `values` even after this returns, which is how effects
  /// see the dependencies of the action that started them.
  ///
  /// ```swift
  /// DependencyValues.withValues(values) {
  ///   effects = reducer.reduce(into: &state, action: action)
  /// }
  /// ```
  package static func withValues<R>(
    _ values: DependencyValues, operation: () throws -> R
  ) rethrows -> R {
    try $taskValues.withValue(values, operation: operation)
  }

  /// Runs the asynchronous `operation` with `values` as the ``current`` values.
  ///
  /// ```swift
  /// try await DependencyValues.withValues(values) {
  ///   try await operation()
  /// }
  /// ```
  package static func withValues<R>(
    _ values: DependencyValues,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $taskValues.withValue(values, operation: operation, isolation: isolation)
  }

  /// Resolves `key` in this test context: the slow path of the subscript, kept out of line.
  @usableFromInline func testValue<Key: DependencyKey>(
    of key: Key.Type, function: StaticString, cache: TestValueCache
  ) -> Key.Value {
    cache.value(
      for: key,
      resolution: DependencyResolution(key: ObjectIdentifier(key), function: function, site: site))
  }

  /// These values with the dependencies explicitly set in `overrides` on top.
  ///
  /// Dependencies not set in `overrides` keep their value here. The context is taken from
  /// `overrides` when it was set there.
  ///
  /// ```swift
  /// let values = DependencyValues.current.merging(storeOverrides)
  /// ```
  ///
  /// - Complexity: O(1) when either side sets nothing; otherwise O(*n*) in the overrides set.
  package func merging(_ overrides: DependencyValues) -> DependencyValues {
    var merged = self
    if merged.storage.isEmpty {
      merged.storage = overrides.storage
    } else if !overrides.storage.isEmpty {
      merged.storage.merge(overrides.storage) { _, override in override }
    }
    if let context = overrides.explicitContext {
      merged.explicitContext = context
      merged.testValues = overrides.testValues
    }
    return merged
  }

  /// Whether unset dependencies resolve to live values or to test values.
  ///
  /// Setting `.test` starts a new test context: its test values are resolved, and a missing test
  /// value is reported, once per dependency for all the copies of these values.
  ///
  /// ```swift
  /// var values = DependencyValues()
  /// values.context = .test
  /// ```
  package var context: DependencyContext {
    get { explicitContext ?? .live }
    set {
      explicitContext = newValue
      testValues = newValue == .test ? TestValueCache() : nil
    }
  }

  /// Whether nothing was set: no dependency and no context.
  ///
  /// Merging empty values changes nothing, so the store skips installing them:
  ///
  /// ```swift
  /// if overrides.isEmpty { return body() }
  /// ```
  package var isEmpty: Bool {
    storage.isEmpty && explicitContext == nil
  }
}

/// A dependency value as kept in ``DependencyValues``' storage: wrapping it in a concrete type
/// makes reading it back a cheap cast even when the value's type is an existential.
@usableFromInline struct StoredDependency<Value: Sendable>: Sendable {
  /// The dependency.
  @usableFromInline var value: Value

  /// Wraps `value`.
  @inlinable init(_ value: Value) {
    self.value = value
  }
}
