import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// The README's Swift samples, copied verbatim (`.ci/doc-samples` checks that each one is here),
/// compiled, and run.
///
/// The suite is the samples' namespace, so their `Counter` does not clash with other articles'
/// `Counter`s, and its `print` records what the samples print.
@MainActor
@Suite struct ReadmeSamplesTests {
  /// What the samples printed.
  let printed = Log<String>()

  /// Records what a sample prints instead of writing it to standard output.
  func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.append(items.map { "\($0)" }.joined(separator: separator))
  }

  // MARK: - A two-minute tour

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

  @MainActor func demo() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)  // reduced before `send` returns
    await store.send(.delayedIncrement).finish()  // waits for the effect and what it sends back
    print(store.count)  // 2
  }

  @Test func theTourPrintsTwo() async {
    // A store keeps the dependencies in force where it is created: no real second passes.
    await withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      await demo()
    }
    #expect(printed.values == ["2"])
  }

  @Test func theTourCancelsTheDelayedIncrement() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.delayedIncrement)
    await store.send(.cancel)
    await clock.advance(by: .seconds(1))
    await store.send(.decrement) { $0.count = -1 }
    await store.finish()
  }

  // MARK: - Composition

  struct App: Reducer {
    struct State { var counter = Counter.State() }
    enum Action { case counter(Counter.Action) }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
    }
  }

  @Test func theCompositionSampleRoutesChildActions() {
    let store = Store(initialState: App.State()) { App() }
    store.send(.counter(.increment))
    #expect(store.state.counter.count == 1)
  }

  // MARK: - Testing (the sample is a test of this suite)

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
  }
}
