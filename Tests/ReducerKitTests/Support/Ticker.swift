import Foundation
import ReducerKit

/// A child feature whose effect ticks every second on the clock dependency until it is
/// cancelled: what the "child effects stop when the child goes away" tests present and dismiss.
struct Ticker: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id = 0
    var ticks = 0
  }
  enum Action: Equatable, Sendable {
    case start
    case tick
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}
