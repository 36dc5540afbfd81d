extension Reducer {
  /// Runs another reducer when a value derived from the state changed during an action.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .onChange(of: \.searchQuery) { oldValue, newValue in
  ///       Reduce { state, action in
  ///         .send(.search(newValue))
  ///       }
  ///     }
  /// }
  /// ```
  ///
  /// The value is read before and after this reducer runs; when they differ (by `==`) the reducer
  /// built from the two values runs on the same action, and its effects are merged in.
  ///
  /// - Parameters:
  ///   - toValue: Reads the value to watch: a key path such as `\.count`, or any function.
  ///   - reducer: Builds the reducer to run from the old and the new value.
  public func onChange<Value: Equatable, R: Reducer>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value)
      -> R
  ) -> _OnChangeReducer<Self, Value, R> where R.State == State, R.Action == Action {
    _OnChangeReducer(
      base: AnyResolvedReducer(self), toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs another reducer when a value derived from the state changed during an action, as told
  /// by a comparison you give: for values that are not `Equatable`, or to watch only part of one.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .onChange(of: { $0.selection }, removeDuplicates: { $0.id == $1.id }) { old, new in
  ///       Reduce { state, action in
  ///         .send(.selectionChanged(from: old.id, to: new.id))
  ///       }
  ///     }
  /// }
  /// ```
  ///
  /// The value is read before and after this reducer runs; unless `isDuplicate` says the two are
  /// the same, the reducer built from the two values runs on the same action, and its effects are
  /// merged in.
  ///
  /// - Parameters:
  ///   - toValue: Reads the value to watch: a key path such as `\.selection`, or any function.
  ///   - isDuplicate: Returns whether the old and the new value count as the same (no change).
  ///   - reducer: Builds the reducer to run from the old and the new value.
  public func onChange<Value, R: Reducer>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value)
      -> R
  ) -> _OnChangeReducer<Self, Value, R> where R.State == State, R.Action == Action {
    _OnChangeReducer(
      base: AnyResolvedReducer(self), toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// The reducer ``Reducer/onChange(of:_:)`` and ``Reducer/onChange(of:removeDuplicates:_:)``
/// return.
public struct _OnChangeReducer<Base: Reducer, Value, R: Reducer>: Reducer
where R.State == Base.State, R.Action == Base.Action {
  let base: AnyResolvedReducer<Base.State, Base.Action>
  let toValue: (Base.State) -> Value
  let isDuplicate: (Value, Value) -> Bool
  let reducer: (Value, Value) -> R

  /// Runs the base reducer, then the change reducer if the value changed.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(&state, action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return effect }
    return effect.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
