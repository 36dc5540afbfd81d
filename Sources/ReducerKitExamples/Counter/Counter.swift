import ReducerKit

/// The classic Redux playground: a count with +1 and −1, "+1 after 1 s" and "−1 after 0.5 s",
/// and every action written to the ``ActionLogger`` with the count after it.
///
/// The delays run on the `continuousClock` dependency, so a test drives them with a `TestClock`.
/// Pressing a delayed button again restarts its delay (one change, counted from the last press),
/// and "cancel" stops both.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// store.send(.incrementTapped)         // logs "incrementTapped → count 1"
/// store.send(.delayedIncrementTapped)  // one second later: "increment → count 2"
/// ```
public struct Counter: Reducer, Sendable {
  /// The count.
  public struct State: Equatable, Sendable {
    /// The number shown.
    public var count: Int

    /// Creates the counter's state.
    ///
    /// ```swift
    /// Counter.State(count: 3)
    /// ```
    public init(count: Int = 0) {
      self.count = count
    }
  }

  /// What the counter does.
  public enum Action: Equatable, Sendable {
    /// The "+1" button.
    case incrementTapped
    /// The "−1" button.
    case decrementTapped
    /// The "+1 after 1 s" button: restarts the delay when pressed again.
    case delayedIncrementTapped
    /// The "−1 after 0.5 s" button: restarts the delay when pressed again.
    case delayedDecrementTapped
    /// The "cancel" button: stops both delays.
    case cancelDelayedTapped
    /// The one-second delay elapsed.
    case increment
    /// The half-second delay elapsed.
    case decrement
  }

  /// The ids the delays run under.
  public enum CancelID: Hashable, Sendable {
    /// The "+1 after 1 s" delay.
    case delayedIncrement
    /// The "−1 after 0.5 s" delay.
    case delayedDecrement
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.actionLogger) var logger

  /// Creates the counter's reducer.
  ///
  /// ```swift
  /// Store(initialState: Counter.State()) { Counter() }
  /// ```
  public init() {}

  /// The counter's logic, then one log line per action.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped, .increment:
        state.count += 1
        return .none
      case .decrementTapped, .decrement:
        state.count -= 1
        return .none
      case .delayedIncrementTapped:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.increment)
        }
        .cancellable(id: CancelID.delayedIncrement, cancelInFlight: true)
      case .delayedDecrementTapped:
        return .run { send in
          try await clock.sleep(for: .milliseconds(500))
          await send(.decrement)
        }
        .cancellable(id: CancelID.delayedDecrement, cancelInFlight: true)
      case .cancelDelayedTapped:
        return .merge(
          .cancel(id: CancelID.delayedIncrement), .cancel(id: CancelID.delayedDecrement))
      }
    }
    // After the logic, so each line shows the count the action left.
    Reduce { state, action in
      logger.log("\(action) → count \(state.count)")
      return .none
    }
  }
}
