import ReducerKit

/// A profile that shows the shared ``Stats`` ``StatsCounter`` changes, and resets them.
///
/// ```swift
/// let store = Store(initialState: StatsProfile.State()) { StatsProfile() }
/// store.send(.resetStatsTapped)
/// ```
public struct StatsProfile: Reducer, Sendable {
  /// The shared statistics, read here and reset.
  public struct State: Equatable, Sendable {
    /// The statistics, shared with the counter.
    @Shared(.inMemory("stats")) public var stats = Stats()

    /// The profile's state, reading the process's shared statistics.
    ///
    /// ```swift
    /// StatsProfile.State()
    /// ```
    public init() {}
  }

  /// What the profile does.
  public enum Action: Equatable, Sendable {
    /// "Reset": the statistics back to zero, for the counter too.
    case resetStatsTapped
  }

  /// Creates the profile's reducer.
  ///
  /// ```swift
  /// Store(initialState: StatsProfile.State()) { StatsProfile() }
  /// ```
  public init() {}

  /// Resets the shared statistics.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .resetStatsTapped:
      state.$stats.withLock { $0.reset() }
      return .none
    }
  }
}
