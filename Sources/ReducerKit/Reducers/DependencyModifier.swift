extension Reducer {
  /// Overrides a dependency for this reducer and the effects it starts, and for nothing else.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Scope(state: \.onboarding, action: Action.onboarding) {
  ///     Onboarding()
  ///       .dependency(\.apiClient, .mock)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to override.
  ///   - value: Its value for this reducer.
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: AnyResolvedReducer(self)) { $0[keyPath: keyPath] = value }
  }
}

/// The reducer `dependency(_:_:)` returns.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: AnyResolvedReducer<Base.State, Base.Action>
  let update: @Sendable (inout DependencyValues) -> Void

  init(
    base: AnyResolvedReducer<Base.State, Base.Action>,
    update: @escaping @Sendable (inout DependencyValues) -> Void
  ) {
    self.base = base
    self.update = update
  }

  /// Runs the base reducer with the dependency overridden; effects it starts inherit it.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyValues.current
    update(&values)
    return DependencyValues.withValues(values) { base.reduce(&state, action) }
      .withDependencies(values)
  }
}
