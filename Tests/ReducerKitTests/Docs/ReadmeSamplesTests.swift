import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// The README's Swift samples, copied verbatim (`.ci/doc-samples` checks that each one is here),
/// compiled, and run.
///
/// The suite is the samples' namespace, so their `Counter` does not clash with other articles'
/// `Counter`s.
@MainActor
@Suite struct ReadmeSamplesTests {
  // MARK: - A tour: the feature

  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment, delayedIncrement, cancel }

    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
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

  // MARK: - A tour: the test (the sample is a test of this suite)

  @MainActor @Test func delayedIncrement() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.delayedIncrement)
    await clock.advance(by: .seconds(1))
    await store.receive(.increment) { $0.count = 1 }

    await store.send(.delayedIncrement)
    await store.send(.cancel)  // the second delay never sends `.increment`
    await clock.advance(by: .seconds(1))
  }

  // MARK: - What the prose around the samples says

  @Test func aStoreReducesASendBeforeItReturns() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    #expect(store.count == 1)
  }

  @Test func aStoreRunsTheDelayedIncrement() async {
    // A store keeps the dependencies in force where it is created: no real second passes.
    let store = withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      Store(initialState: Counter.State()) { Counter() }
    }
    await store.send(.delayedIncrement).finish()
    #expect(store.count == 1)
  }

  @Test func cancellingTheDelayedIncrementKeepsTheCount() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.delayedIncrement)
    await store.send(.cancel)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}
