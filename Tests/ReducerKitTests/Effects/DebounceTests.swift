import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct DebounceTests {
  struct Search: Reducer {
    struct State: Equatable {
      var query = ""
      var searches: [String] = []
    }
    enum Action: Equatable {
      case queryChanged(String)
      case search(String)
    }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .queryChanged(let query):
        state.query = query
        return .send(.search(query)).debounce(id: "search", for: .milliseconds(300), clock: clock)
      case .search(let query):
        state.searches.append(query)
        return .none
      }
    }
  }

  @Test func threeQuickSendsProduceOneEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("s")) { $0.query = "s" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("swi")) { $0.query = "swi" }
    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.search("swi")) { $0.searches = ["swi"] }
    await clock.run()
    await store.finish()
  }

  @Test func theIntervalStartsWhenTheActionIsReduced() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.search("a")) { $0.searches = ["a"] }
  }

  /// The documented spelling: a `.run` effect debounced on the `continuousClock` dependency
  /// (`any Clock<Duration>`) inside a `body`, in a file that imports Foundation. It did not
  /// compile before the overload for existential clocks.
  struct SearchFeature: Reducer {
    struct State: Equatable {
      var query = ""
      var results: [String] = []
    }
    enum Action: Equatable {
      case queryChanged(String)
      case results([String])
    }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .queryChanged(let query):
          state.query = query
          return .run { send in
            await send(.results([query]))
          }
          .debounce(id: "search", for: .milliseconds(300), clock: clock)
        case .results(let results):
          state.results = results
          return .none
        }
      }
    }
  }

  @Test func debouncesOnTheClockDependencyInABody() async {
    let clock = TestClock()
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("ab")) { $0.query = "ab" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.results(["ab"])) { $0.results = ["ab"] }
    await store.finish()
  }

  @Test func debouncesOnAConcreteClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        guard action > 0 else { return .none }
        return .send(-action).debounce(id: "d", for: .seconds(1), clock: clock)
      }
    }
    await store.send(2) { $0 = 2 }
    await clock.advance(by: .seconds(1))
    await store.receive(-2) { $0 = 0 }
    await store.finish()
  }
}
