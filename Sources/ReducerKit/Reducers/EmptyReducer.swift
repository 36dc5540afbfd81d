/// A reducer that does nothing: it leaves the state alone and starts no effect.
///
/// Useful as a placeholder, and what an empty builder block produces:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   EmptyReducer()
/// }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates a reducer that does nothing.
  @inlinable
  public init() {}

  /// Returns ``Effect/none`` without touching the state.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
