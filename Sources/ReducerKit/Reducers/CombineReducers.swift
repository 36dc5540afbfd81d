/// Groups reducers that run one after the other on the same state and action.
///
/// The reducers run in the order they are written; their effects are merged. Useful to apply a
/// modifier such as `ifLet` to several reducers at once:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   CombineReducers {
///     Scope(state: \.counter, action: Action.counter) { Counter() }
///     Reduce { state, action in .none }
///   }
///   .ifLet(\.details, action: Action.details) { Details() }
/// }
/// ```
public struct CombineReducers<State, Action>: Reducer {
  let reducers: AnyResolvedReducer<State, Action>

  /// Combines the reducers built by `build`.
  public init<R: Reducer<State, Action>>(
    @ReducerBuilder<State, Action> _ build: () -> R
  ) {
    reducers = AnyResolvedReducer(build())
  }

  /// Runs each reducer in order and merges their effects.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(&state, action)
  }
}

extension CombineReducers: ResolvedReducerConvertible {
  @usableFromInline
  package var resolved: AnyResolvedReducer<State, Action> { reducers }
}
