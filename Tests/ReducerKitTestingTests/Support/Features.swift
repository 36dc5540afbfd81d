import Foundation
import ReducerKit

/// The feature most TestStore tests drive: a counter with a delayed increment on a clock.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var isLoading = false
  }

  enum Action: Equatable {
    case increment
    case decrement
    case delayedIncrement
    case load
    case loaded(Int)
    case noop
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
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
      .cancellable(id: "delay", cancelInFlight: true)
    case .load:
      state.isLoading = true
      return .run { send in await send(.loaded(42)) }
    case .loaded(let value):
      state.isLoading = false
      state.count = value
      return .none
    case .noop:
      return .none
    }
  }
}
