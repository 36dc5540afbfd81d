import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/Effects.md, copied verbatim (`.ci/doc-samples` checks that each one
// is here), compiled, and run.

// MARK: - The search client (an extension of DependencyValues must be at file scope)

struct SearchClient: Sendable {
  var search: @Sendable (String) async throws -> [String]
}

enum SearchClientKey: DependencyKey {
  static let liveValue = SearchClient { query in
    try await SearchServer.shared.results(for: query)  // your networking code
  }
}

extension DependencyValues {
  var searchClient: SearchClient {
    get { self[SearchClientKey.self] }
    set { self[SearchClientKey.self] = newValue }
  }
}

/// What the sample's live value stands for.
private actor SearchServer {
  static let shared = SearchServer()

  func results(for query: String) async throws -> [String] { [query] }
}

/// The suite is the namespace of the article's features.
@MainActor
@Suite struct EffectsSamplesTests {
  // MARK: - The search sample

  struct Search: Reducer {
    struct State: Equatable {
      var query = ""
      var results: [String] = []
      var error: String?
    }
    enum Action: Equatable {
      case searchChanged(String)
      case resultsLoaded([String])
      case searchFailed(String)
    }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.searchClient) var api

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .searchChanged(let query):
        state.query = query
        return .run { send in
          try await clock.sleep(for: .milliseconds(300))  // a newer query cancels this wait
          let results = try await api.search(query)
          await send(.resultsLoaded(results))
        } catch: { error, send in
          await send(.searchFailed("\(error)"))
        }
        .cancellable(id: "search", cancelInFlight: true)
      case .resultsLoaded(let results):
        state.results = results
        state.error = nil
        return .none
      case .searchFailed(let message):
        state.error = message
        return .none
      }
    }
  }

  @Test func onlyTheLastQueryOfAQuickSeriesIsSearched() async {
    let clock = TestClock()
    let searched = Log<String>()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = SearchClient { query in
        await searched.append(query)
        return [query.uppercased()]
      }
    }
    await store.send(.searchChanged("m")) { $0.query = "m" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.searchChanged("mi")) { $0.query = "mi" }
    await clock.advance(by: .milliseconds(299))
    #expect(searched.values.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.resultsLoaded(["MI"])) { $0.results = ["MI"] }
    #expect(searched.values == ["mi"])
    await store.finish()
  }

  @Test func aFailedSearchGoesToTheCatchHandler() async {
    struct Offline: Error {}
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = SearchClient { _ in throw Offline() }
    }
    await store.send(.searchChanged("milk")) { $0.query = "milk" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchFailed("Offline()")) { $0.error = "Offline()" }
    await store.finish()
  }

  @Test func theLiveSearchClientAnswers() async throws {
    #expect(try await SearchClientKey.liveValue.search("milk") == ["milk"])
  }

  // MARK: - Ordering, precisely

  struct Ordering: Reducer {
    struct State: Equatable { var reduced: [Action] = [] }
    enum Action: Equatable { case start, a, b, c }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.reduced.append(action)
      switch action {
      case .start: return .merge(.send(.a), .send(.b))
      case .a: return .send(.c)
      case .b, .c: return .none
      }
    }
  }

  @Test func theStoreReducesStartABC() {
    let store = Store(initialState: Ordering.State()) { Ordering() }
    store.send(.start)
    #expect(store.reduced == [.start, .a, .b, .c])
  }
}
