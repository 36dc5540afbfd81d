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
}
