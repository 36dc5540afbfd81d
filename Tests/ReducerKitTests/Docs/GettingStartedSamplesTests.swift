import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/GettingStarted.md, copied verbatim (`.ci/doc-samples` checks that
// each one is here), compiled, and run. The package manifest excerpt is marked partial in the
// article: a manifest cannot compile in a test (it was checked by building a package with it).

/// The first `Counter`, which implements `reduce(into:action:)`.
enum GettingStartedSample1 {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment, decrement }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      return .none
    }
  }
}

/// The samples from the `body` version of `Counter` on; the suite is their namespace, and its
/// `print` records what they print.
@MainActor
@Suite struct GettingStartedSamplesTests {
  /// What the samples printed.
  let printed = Log<String>()

  /// Records what a sample prints instead of writing it to standard output.
  func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.append(items.map { "\($0)" }.joined(separator: separator))
  }

  // MARK: - 2. Write a reducer

  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment, decrement }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        }
        return .none
      }
    }
  }

  @Test func bothCountersCount() async {
    let first = TestStore(initialState: GettingStartedSample1.Counter.State()) {
      GettingStartedSample1.Counter()
    }
    await first.send(.increment) { $0.count = 1 }
    await first.send(.decrement) { $0.count = 0 }
    let second = TestStore(initialState: Counter.State()) { Counter() }
    await second.send(.increment) { $0.count = 1 }
    await second.send(.decrement) { $0.count = 0 }
  }

  // MARK: - 3. Run it in a store

  @MainActor func run() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    print(store.count)  // 1 — `store.state.count`, through dynamic member lookup
    print(store.withState(\.count))
  }

  @Test func runPrintsTheCountTwice() {
    run()
    #expect(printed.values == ["1", "1"])
  }

  // MARK: - 4. Compose features

  struct App: Reducer {
    struct State { var counter = Counter.State(); var launches = 0 }
    enum Action { case counter(Counter.Action), launched }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
      Reduce { state, action in
        if case .launched = action { state.launches += 1 }
        return .none
      }
    }
  }

  @Test func theChildStoreReachesTheAppStore() {
    let appStore = Store(initialState: App.State()) { App() }
    let counterStore = appStore.scope(state: \.counter, action: App.Action.counter)
    counterStore.send(.increment)  // reaches the app store as .counter(.increment)
    #expect(appStore.counter.count == 1)
    #expect(counterStore.count == 1)
    appStore.send(.launched)
    #expect(appStore.launches == 1)
  }

  @Test func pullAndCasePathAreTheSameAsScope() {
    struct Pulled: Reducer {
      var body: some ReducerOf<App> {
        Counter().pull(state: \App.State.counter, action: App.Action.counter)
        Scope(state: \.counter, action: CasePath(App.Action.counter)) { Counter() }
      }
    }
    let store = Store(initialState: App.State()) { Pulled() }
    store.send(.counter(.increment))
    #expect(store.counter.count == 2)
  }
}
