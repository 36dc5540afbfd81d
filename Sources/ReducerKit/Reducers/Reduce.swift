/// A reducer made from a closure: the usual way to write a feature's own logic in a `body`.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action {
///     case .increment:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  let resolvedReducer: AnyResolvedReducer<State, Action>

  /// Creates a reducer from a closure that changes the state and returns the effects to run.
  ///
  /// - Parameter reduce: Called with the state (in place) and the action.
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    resolvedReducer = AnyResolvedReducer(reduce: reduce)
  }

  /// Type-erases another reducer with the same state and action.
  ///
  /// ```swift
  /// let erased: Reduce<Counter.State, Counter.Action> = Reduce(Counter())
  /// ```
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    resolvedReducer = AnyResolvedReducer(reducer)
  }

  /// Runs the closure.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    resolvedReducer.reduce(&state, action)
  }
}

extension Reduce: ResolvedReducerConvertible {
  @usableFromInline
  package var resolved: AnyResolvedReducer<State, Action> { resolvedReducer }
}
