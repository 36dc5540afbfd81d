import ReducerKit

/// A row of the timer list, run with `forEach`. Every row uses the same cancellation id,
/// `"timer"`: ids are scoped to the row, so stopping one row never stops another.
struct TimerRowFeature: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var seconds = 0
    var isRunning = false
  }

  enum Action: Equatable {
    case toggle
    case tick
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggle:
        state.isRunning.toggle()
        guard state.isRunning else { return .cancel(id: "timer") }
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: "timer", cancelInFlight: true)
      case .tick:
        state.seconds += 1
        return .none
      }
    }
  }
}
