import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

/// An error with a readable description, as a network error would have.
private struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

/// The debounce, the cancellation of the search in flight on each keystroke, and the detail
/// screens pushed on the stack with the load they run and that popping them stops.
@MainActor
@Suite struct SearchTests {
  private let mars = Self.entry("mars")
  private let moon = Self.entry("moon")
  private let europa = Self.entry("europa")

  /// A client that searches the catalogue and records each query; details are not expected.
  private static func recordingClient(_ queries: Recorder<String>) -> SearchClient {
    SearchClient { query in
      queries.record(query)
      return SearchClient.matches(for: query)
    } details: {
      try await unexpectedDetails($0)
    }
  }

  @Test func threeKeystrokes100msApartRunOneSearchWithTheLastQuery() async {
    let clock = TestClock()
    let queries = Recorder<String>()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = Self.recordingClient(queries)
    }
    await store.send(.queryChanged("m")) {
      $0.query = "m"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("mo")) { $0.query = "mo" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("moo")) { $0.query = "moo" }
    // 500 ms after the first keystroke, 299 ms after the last: nothing has been searched yet.
    await clock.advance(by: .milliseconds(299))
    #expect(queries.recorded.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searchResponse([moon])) {
      $0.isSearching = false
      $0.results = [self.moon]
    }
    await store.finish()
    #expect(queries.recorded == ["moo"])
  }

  @Test func aKeystrokeWhileTheSearchIsInFlightCancelsIt() async {
    let clock = TestClock()
    let queries = Recorder<String>()
    let cancelled = Recorder<String>()
    let stale = moon
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = SearchClient { query in
        queries.record(query)
        guard query == "mar" else { return SearchClient.matches(for: query) }
        await withTaskCancellationHandler {
          try? await Task.never()
        } onCancel: {
          cancelled.record(query)
        }
        // What a request that ignored its cancellation would answer: it must never arrive.
        return [stale]
      } details: {
        try await unexpectedDetails($0)
      }
    }
    await store.send(.queryChanged("mar")) {
      $0.query = "mar"
      $0.isSearching = true
    }
    await clock.advance(by: Search.debounceDelay)
    #expect(await eventually { queries.recorded == ["mar"] })
    #expect(cancelled.recorded.isEmpty)
    await store.send(.queryChanged("mars")) { $0.query = "mars" }
    #expect(await eventually { cancelled.recorded == ["mar"] })
    await clock.advance(by: Search.debounceDelay)
    await store.receive(.searchResponse([mars])) {
      $0.isSearching = false
      $0.results = [self.mars]
    }
    await store.finish()
    #expect(queries.recorded == ["mar", "mars"])
  }

  @Test func clearingTheQueryCancelsTheWaitingSearchAndClearsTheResults() async {
    let clock = TestClock()
    let queries = Recorder<String>()
    let store = TestStore(initialState: Search.State(query: "moo", results: [moon])) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = Self.recordingClient(queries)
    }
    await store.send(.queryChanged("mo")) {
      $0.query = "mo"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.results = []
      $0.isSearching = false
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(queries.recorded.isEmpty)
  }

  @Test func clearingTheQueryCancelsTheSearchInFlight() async {
    let clock = TestClock()
    let cancelled = Recorder<String>()
    let calls = Recorder<String>()
    let stale = moon
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = SearchClient { query in
        calls.record(query)
        await withTaskCancellationHandler {
          try? await Task.never()
        } onCancel: {
          cancelled.record(query)
        }
        return [stale]
      } details: {
        try await unexpectedDetails($0)
      }
    }
    await store.send(.queryChanged("io")) {
      $0.query = "io"
      $0.isSearching = true
    }
    await clock.advance(by: Search.debounceDelay)
    #expect(await eventually { calls.recorded == ["io"] })
    // A blank query counts as empty.
    await store.send(.queryChanged("  ")) {
      $0.query = "  "
      $0.isSearching = false
    }
    #expect(await eventually { cancelled.recorded == ["io"] })
    await store.finish()
  }

  @Test func aFailureShowsTheErrorAndTheNextKeystrokeClearsIt() async {
    let clock = TestClock()
    let calls = Recorder<String>()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = SearchClient { query in
        calls.record(query)
        if calls.recorded.count == 1 { throw Offline() }
        return SearchClient.matches(for: query)
      } details: {
        try await unexpectedDetails($0)
      }
    }
    await store.send(.queryChanged("ma")) {
      $0.query = "ma"
      $0.isSearching = true
    }
    await clock.advance(by: Search.debounceDelay)
    await store.receive(.searchFailed("offline")) {
      $0.isSearching = false
      $0.errorMessage = "offline"
    }
    await store.send(.queryChanged("mar")) {
      $0.query = "mar"
      $0.isSearching = true
      $0.errorMessage = nil
    }
    await clock.advance(by: Search.debounceDelay)
    await store.receive(.searchResponse([mars])) {
      $0.isSearching = false
      $0.results = [self.mars]
    }
  }

  @Test func tappingAResultPushesItsDetailWhichLoadsItsDetails() async throws {
    let details = try #require(SearchClient.catalogue.first { $0.id == "europa" })
    let asked = Recorder<SearchResult.ID>()
    let store = TestStore(initialState: Search.State(query: "eu", results: [europa])) {
      Search()
    } withDependencies: {
      $0.searchClient = SearchClient(search: unimplemented("SearchClient.search")) { id in
        asked.record(id)
        guard details.id == id else { throw SearchClient.NotFound(id: id) }
        return details
      }
    }
    await store.send(.resultTapped("europa")) {
      $0.path[id: 0] = .detail(SearchResultDetail.State(result: self.europa))
    }
    await store.receive(Search.Action.path(.element(id: 0, action: .detail(.onAppear)))) {
      $0.path[id: 0] = .detail(SearchResultDetail.State(result: self.europa, isLoading: true))
    }
    await store.receive(
      Search.Action.path(.element(id: 0, action: .detail(.detailsLoaded(details))))
    ) {
      $0.path[id: 0] = .detail(SearchResultDetail.State(result: self.europa, details: details))
    }
    #expect(asked.recorded == ["europa"])
  }

  @Test func tappingAResultThatIsNotListedPushesNothing() async {
    let store = TestStore(initialState: Search.State(query: "eu", results: [europa])) {
      Search()
    }
    await store.send(.resultTapped("vulcan"))
    #expect(store.state.path.isEmpty)
  }

  @Test func theDetailClosingItselfCancelsItsLoadInFlight() async {
    let (client, calls, cancelled) = Self.suspendingDetailsClient()
    let store = TestStore(initialState: Search.State(query: "eu", results: [europa])) {
      Search()
    } withDependencies: {
      $0.searchClient = client
    }
    await pushEuropa(on: store)
    #expect(await eventually { calls.recorded == ["europa"] })
    #expect(cancelled.recorded.isEmpty)
    // The detail's own close button: `dismiss()` inside a stack element pops it.
    await store.send(.path(.element(id: 0, action: .detail(.closeTapped))))
    await store.receive(Search.Action.path(.popFrom(id: 0))) { $0.path = StackState() }
    #expect(await eventually { cancelled.recorded == ["europa"] })
    await store.finish()
  }

  @Test func theParentPoppingTheDetailCancelsItsLoadInFlight() async {
    let (client, calls, cancelled) = Self.suspendingDetailsClient()
    let store = TestStore(initialState: Search.State(query: "eu", results: [europa])) {
      Search()
    } withDependencies: {
      $0.searchClient = client
    }
    await pushEuropa(on: store)
    #expect(await eventually { calls.recorded == ["europa"] })
    #expect(cancelled.recorded.isEmpty)
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    #expect(await eventually { cancelled.recorded == ["europa"] })
    await store.finish()
  }

  @Test func aKeystrokeLeavesThePushedDetailAndItsLoadAlone() async {
    let clock = TestClock()
    let (client, calls, cancelled) = Self.suspendingDetailsClient()
    let store = TestStore(initialState: Search.State(query: "eu", results: [europa])) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = client
    }
    await pushEuropa(on: store)
    #expect(await eventually { calls.recorded == ["europa"] })
    // The search's cancellation id is the parent's: it does not reach the detail's load.
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.results = []
    }
    #expect(cancelled.recorded.isEmpty)
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    #expect(await eventually { cancelled.recorded == ["europa"] })
    await store.finish()
  }

  @Test func theUnimplementedTestClientFailsATestThatForgetsToOverrideIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await withKnownIssue {
      await store.send(.queryChanged("io")) {
        $0.query = "io"
        $0.isSearching = true
      }
      await clock.advance(by: Search.debounceDelay)
      let message = "UnimplementedFailure(description: \"SearchClient.search\")"
      await store.receive(.searchFailed(message)) {
        $0.isSearching = false
        $0.errorMessage = message
      }
    }
  }

  /// The design's acceptance shape: a plain Store debounces on the clock it is given.
  @Test func aPlainStoreRunsOnlyTheLastOfAQuickSeriesOfKeystrokes() async {
    let clock = TestClock()
    let queries = Recorder<String>()
    let store = Store(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = Self.recordingClient(queries)
    }
    let first = store.send(.queryChanged("s"))
    await clock.advance(by: .milliseconds(100))
    let second = store.send(.queryChanged("sa"))
    await clock.advance(by: .milliseconds(100))
    let third = store.send(.queryChanged("sat"))
    #expect(store.state.isSearching)
    // A plain store's effects run on the global executor, so a debounce's sleep may start on
    // the clock only after a busy machine gets to it: advance in steps, with a bound, until the
    // search ran, rather than once by the delay.
    for _ in 0..<400 where queries.recorded.isEmpty {
      await clock.advance(by: .milliseconds(50))
      try? await Task.sleep(for: .milliseconds(1))
    }
    guard !queries.recorded.isEmpty else {
      Issue.record("the debounced search never ran")
      return
    }
    await third.finish()
    await first.finish()
    await second.finish()
    #expect(!store.state.isSearching)
    #expect(store.state.results == [Self.entry("saturn")])
    #expect(queries.recorded == ["sat"])
  }

  /// Taps Europa's row: the detail is pushed under id 0 and starts loading.
  private func pushEuropa(on store: TestStoreOf<Search>) async {
    await store.send(.resultTapped("europa")) {
      $0.path[id: 0] = .detail(SearchResultDetail.State(result: self.europa))
    }
    await store.receive(Search.Action.path(.element(id: 0, action: .detail(.onAppear)))) {
      $0.path[id: 0] = .detail(SearchResultDetail.State(result: self.europa, isLoading: true))
    }
  }

  /// A client whose details load suspends until it is cancelled, recording the ids it was asked
  /// for and the ids whose load was cancelled; searching is not expected.
  private static func suspendingDetailsClient() -> (
    SearchClient, calls: Recorder<SearchResult.ID>, cancelled: Recorder<SearchResult.ID>
  ) {
    let calls = Recorder<SearchResult.ID>()
    let cancelled = Recorder<SearchResult.ID>()
    let late = SearchClient.catalogue[0]
    let client = SearchClient(search: unimplemented("SearchClient.search")) { id in
      calls.record(id)
      await withTaskCancellationHandler {
        try? await Task.never()
      } onCancel: {
        cancelled.record(id)
      }
      // What a load that ignored its cancellation would answer: it must never arrive.
      return late
    }
    return (client, calls, cancelled)
  }

  /// The catalogue's result with this id.
  private static func entry(_ id: SearchResult.ID) -> SearchResult {
    SearchClient.catalogue.first { $0.id == id }?.result
      ?? SearchResult(id: id, name: "missing from the catalogue", blurb: "")
  }
}

/// The details endpoint of the search-only tests' clients: a test failure if it is called.
private let unexpectedDetails: @Sendable (SearchResult.ID) async throws -> SearchResult.Details =
  unimplemented("SearchClient.details")

/// Polls `condition` until it holds, for at most a second: for what an effect does on its own task.
@MainActor
private func eventually(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: .seconds(1))
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
