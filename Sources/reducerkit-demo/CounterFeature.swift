import ReducerKit

/// The counter every Redux-style example starts from, with two delayed, cancellable actions.
struct CounterFeature: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case decrement
    case delayedIncrement
    case delayedDecrement
    case cancelDelayed
  }

  /// Cancellation ids of the delayed actions.
  enum CancelID: Hashable, Sendable {
    case delayedIncrement
    case delayedDecrement
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .decrement:
        state.count -= 1
        return .none
      case .delayedIncrement:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.increment)
        }
        .cancellable(id: CancelID.delayedIncrement, cancelInFlight: true)
      case .delayedDecrement:
        return .run { send in
          try await clock.sleep(for: .milliseconds(500))
          await send(.decrement)
        }
        .cancellable(id: CancelID.delayedDecrement, cancelInFlight: true)
      case .cancelDelayed:
        return .merge(
          .cancel(id: CancelID.delayedIncrement), .cancel(id: CancelID.delayedDecrement))
      }
    }
  }
}
