import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// The README's two-minute tour, compiled and run, so the sample cannot rot.
@MainActor
@Suite struct ReadmeTourTests {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment, decrement, delayedIncrement, cancel }

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
          .cancellable(id: "delay", cancelInFlight: true)
        case .cancel:
          return .cancel(id: "delay")
        }
      }
    }
  }

  struct App: Reducer {
    struct State { var counter = Counter.State() }
    enum Action { case counter(Counter.Action) }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
    }
  }

  @Test func theTourRuns() async {
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    store.send(.increment)
    await store.send(.delayedIncrement).finish()
    #expect(store.count == 2)
  }

  @Test func theCompositionSampleRoutesChildActions() {
    let store = Store(initialState: App.State()) { App() }
    store.send(.counter(.increment))
    #expect(store.state.counter.count == 1)
  }

  @Test func theTestingSampleRuns() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.delayedIncrement)
    await clock.advance(by: .seconds(1))
    await store.receive(.increment) { $0.count = 1 }
  }
}
