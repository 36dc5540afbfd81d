import ReducerKit

/// A counter whose count lives in the shared ``Stats``: every change is seen at once by
/// ``StatsProfile``, and by any other feature or store holding `.inMemory("stats")`.
///
/// ```swift
/// let store = Store(initialState: StatsCounter.State()) { StatsCounter() }
/// store.send(.incrementTapped)
/// ```
public struct StatsCounter: Reducer, Sendable {
  /// The shared statistics.
  public struct State: Equatable, Sendable {
    /// The statistics, shared with the profile.
    @Shared(.inMemory("stats")) public var stats = Stats()

    /// The counter's state, reading the process's shared statistics.
    ///
    /// ```swift
    /// StatsCounter.State()
    /// ```
    public init() {}
  }

  /// What the counter does.
  public enum Action: Equatable, Sendable {
    /// +1.
    case incrementTapped
    /// −1.
    case decrementTapped
  }

  /// Creates the counter's reducer.
  ///
  /// ```swift
  /// Store(initialState: StatsCounter.State()) { StatsCounter() }
  /// ```
  public init() {}

  /// Changes the shared statistics.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.$stats.withLock { $0.increment() }
    case .decrementTapped:
      state.$stats.withLock { $0.decrement() }
    }
    return .none
  }
}
