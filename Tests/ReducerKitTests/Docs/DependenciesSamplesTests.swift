import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/Dependencies.md, copied verbatim (`.ci/doc-samples` checks that each
// one is here), compiled, and run.

// MARK: - Declaring your own (an extension of DependencyValues must be at file scope)

struct APIClient: Sendable {
  var fetchTitle: @Sendable (Int) async throws -> String
}

enum APIClientKey: DependencyKey {
  static let liveValue = APIClient { id in try await Server.shared.title(of: id) }  // networking
  static let testValue = APIClient { _ in "Title" }  // optional
}

extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClientKey.self] }
    set { self[APIClientKey.self] = newValue }
  }
}

extension APIClient {
  /// The other client the `withDependencies` sample switches to.
  static let cache = APIClient { id in "Cached \(id)" }
}

// MARK: - Unimplemented endpoints

struct FactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

enum FactClientKey: DependencyKey {
  static let liveValue = FactClient { n in try await Server.shared.fact(about: n) }  // networking
  static let testValue = FactClient(fetch: unimplemented("FactClient.fetch"))
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClientKey.self] }
    set { self[FactClientKey.self] = newValue }
  }
}

/// What the samples' live values stand for.
private actor Server {
  static let shared = Server()

  func title(of id: Int) async throws -> String { "Title \(id)" }
  func fact(about n: Int) async throws -> String { "\(n) is a number." }
}

/// The suite is the namespace of the article's features.
@MainActor
@Suite struct DependenciesSamplesTests {
  // MARK: - Reading a dependency

  struct Feature: Reducer {
    struct Item: Equatable, Identifiable { let id: UUID }
    struct State: Equatable {
      var items: [Item] = []
      var ticks = 0
    }
    enum Action: Equatable { case addTapped, startTimer, tick }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.uuid) var uuid

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .addTapped:
        state.items.append(Item(id: uuid()))
        return .none
      case .startTimer:
        return .run { send in
          for _ in 0..<10 {
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

  // MARK: - Dependencies in tests

  @Test func theFeatureUnderATestStore() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.addTapped) {
      $0.items = [Feature.Item(id: UUID(0))]
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.skipInFlightEffects()  // the timer has 9 ticks to go; the test ends here
  }

  // MARK: - Declaring your own

  struct TitleLoader: Reducer {
    struct State: Equatable { var title: String? }
    enum Action: Equatable { case load(Int), loaded(String) }

    @Dependency(\.apiClient) var api

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load(let id):
        return .run { send in await send(.loaded(try await api.fetchTitle(id))) }
      case .loaded(let title):
        state.title = title
        return .none
      }
    }
  }

  @Test func aTestStoreUsesTheTestValue() async {
    let store = TestStore(initialState: TitleLoader.State()) { TitleLoader() }
    await store.send(.load(7))
    await store.receive(.loaded("Title")) { $0.title = "Title" }
  }

  @Test func aStoreUsesTheLiveValueOrTheOverride() async {
    let live = Store(initialState: TitleLoader.State()) { TitleLoader() }
    await live.send(.load(7)).finish()
    #expect(live.title == "Title 7")
    let overridden = Store(initialState: TitleLoader.State()) {
      TitleLoader()
    } withDependencies: {
      $0.apiClient = APIClient { id in "Mock \(id)" }
    }
    await overridden.send(.load(7)).finish()
    #expect(overridden.title == "Mock 7")
  }

  // MARK: - Time: debounce and throttle

  // `clock` is the `any Clock<Duration>` of `@Dependency(\.continuousClock)`: these calls need the
  // overloads for existential clocks (without them they do not compile where Foundation is
  // imported).

  struct Feed: Reducer {
    struct State: Equatable {
      var query = ""
      var results: [String] = []
      var loaded: [Int] = []
    }
    enum Action: Equatable {
      case queryChanged(String), results([String]), scrolled(Int), loadMore(Int)
    }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.searchClient) var api

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .queryChanged(let query):
        state.query = query
        return .run { send in await send(.results(try await api.search(query))) }
          .debounce(id: "search", for: .milliseconds(300), clock: clock)

      case .scrolled(let offset):
        return .send(.loadMore(offset))
          .throttle(id: "scroll", for: .seconds(1), clock: clock, latest: true)

      case .results(let results):
        state.results = results
        return .none
      case .loadMore(let offset):
        state.loaded.append(offset)
        return .none
      }
    }
  }

  @Test func debounceRunsTheLastOfAQuickSeries() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feed.State()) {
      Feed()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = SearchClient { [$0] }
    }
    await store.send(.queryChanged("m")) { $0.query = "m" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("mi")) { $0.query = "mi" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.results(["mi"])) { $0.results = ["mi"] }
    await store.finish()
  }

  /// A debounced effect past its wait, awaiting its search request, is cancelled by the next
  /// keystroke's debounce: the request is cancelled, and only the newer query answers.
  @Test func debounceCancelsTheRunningSearchToo() async {
    let clock = TestClock()
    let requests = Log<String>()
    let store = TestStore(initialState: Feed.State()) {
      Feed()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = SearchClient { query in
        await requests.append("start \(query)")
        do {
          try await clock.sleep(for: .seconds(1))  // the request takes a second
        } catch {
          await requests.append("cancelled \(query)")
          throw error
        }
        return [query]
      }
    }
    await store.send(.queryChanged("m")) { $0.query = "m" }
    await clock.advance(by: .milliseconds(300))  // the wait is over: "m" is being searched
    #expect(requests.values == ["start m"])
    await store.send(.queryChanged("mi")) { $0.query = "mi" }  // during the request
    #expect(await eventually { requests.values == ["start m", "cancelled m"] })
    await clock.advance(by: .milliseconds(300))
    await clock.advance(by: .seconds(1))  // "m" would have answered 300 ms ago
    await store.receive(.results(["mi"])) { $0.results = ["mi"] }
    #expect(requests.values == ["start m", "cancelled m", "start mi"])
    await store.finish()
  }

  @Test func throttleRunsTheFirstAtOnceAndTheLatestAfterTheInterval() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feed.State()) {
      Feed()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.scrolled(1))
    await store.receive(.loadMore(1)) { $0.loaded = [1] }
    await store.send(.scrolled(2))
    await store.send(.scrolled(3))
    await clock.advance(by: .seconds(1))
    await store.receive(.loadMore(3)) { $0.loaded = [1, 3] }
    await store.finish()
  }

  // MARK: - Overriding for one effect

  struct CachedTitleLoader: Reducer {
    struct State: Equatable { var titles: [String] = [] }
    enum Action: Equatable { case load(Int), loadCached(Int), loaded(String) }

    @Dependency(\.apiClient) var apiClient

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load(let id):
        return .run { send in await send(.loaded(try await apiClient.fetchTitle(id))) }
      case .loadCached(let id):
        return withDependencies {
          $0.apiClient = .cache  // another APIClient of yours
        } operation: {
          .run { send in
            await send(.loaded(try await apiClient.fetchTitle(id)))  // the cache's title
          }
        }
      case .loaded(let title):
        state.titles.append(title)
        return .none
      }
    }
  }

  @Test func anEffectBuiltInWithDependenciesSeesTheOverride() async {
    let store = TestStore(initialState: CachedTitleLoader.State()) {
      CachedTitleLoader()
    } withDependencies: {
      $0.apiClient = APIClient { id in "Live \(id)" }
    }
    await store.send(.loadCached(7))
    await store.receive(.loaded("Cached 7")) { $0.titles = ["Cached 7"] }
    await store.send(.load(7))  // the override was for that one effect only
    await store.receive(.loaded("Live 7")) { $0.titles = ["Cached 7", "Live 7"] }
    await store.finish()
  }

  // MARK: - The initial state sees the store's dependencies

  struct Editor: Reducer {
    struct State: Equatable {
      var documentID: UUID
      var openedAt: Date

      init() {
        @Dependency(\.uuid) var uuid
        @Dependency(\.date) var date
        documentID = uuid()
        openedAt = date.now
      }
    }
    enum Action: Equatable { case close }

    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }

  @Test func aTestStoreBuildsTheInitialStateUnderItsDependencies() {
    let store = TestStore(initialState: Editor.State()) {
      Editor()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date.now = Date(timeIntervalSince1970: 0)
    }
    #expect(store.state.documentID == UUID(0))
    #expect(store.state.openedAt == Date(timeIntervalSince1970: 0))
  }

  @Test func aStoreBuildsTheInitialStateUnderItsDependencies() {
    let store = Store(initialState: Editor.State()) {
      Editor()
    } withDependencies: {
      $0.uuid = .constant(UUID(3))
      $0.date.now = Date(timeIntervalSince1970: 42)
    }
    #expect(store.documentID == UUID(3))
    #expect(store.openedAt == Date(timeIntervalSince1970: 42))
  }

  @Test func uuidNIsTheNthIncrementingValue() {
    let uuid = UUIDGenerator.incrementing
    #expect([uuid(), uuid(), uuid()] == [UUID(0), UUID(1), UUID(2)])
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
  }

  // MARK: - Unimplemented endpoints

  struct Facts: Reducer {
    struct Number: Equatable, Identifiable {
      let id: Int
      var value: Int
    }
    struct State: Equatable {
      var numbers: IdentifiedArrayOf<Number> = []
      var fact: String?
    }
    enum Action: Equatable { case factTapped(Int), factLoaded(String) }

    @Dependency(\.factClient) var facts

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .factTapped(let id):
        guard let number = state.numbers[id: id] else {
          reportIssue("Tapped a fact for a number that is not in the list: \(id)")
          return .none
        }
        return .run { send in await send(.factLoaded(try await facts.fetch(number.value))) }
      case .factLoaded(let fact):
        state.fact = fact
        return .none
      }
    }
  }

  @Test func aTestThatOverridesTheEndpointPasses() async {
    let store = TestStore(initialState: Facts.State(numbers: [Facts.Number(id: 1, value: 42)])) {
      Facts()
    } withDependencies: {
      $0.factClient = FactClient { n in "\(n) is the answer." }
    }
    await store.send(.factTapped(1))
    await store.receive(.factLoaded("42 is the answer.")) { $0.fact = "42 is the answer." }
    await store.finish()
  }

  @Test func anUnimplementedEndpointFailsTheTestWithItsName() async {
    let store = TestStore(initialState: Facts.State(numbers: [Facts.Number(id: 1, value: 42)])) {
      Facts()
    }
    let issues = Locked<[String]>([])
    await withKnownIssue {
      await store.send(.factTapped(1))
      await store.finish()
    } matching: { issue in
      issues.withLock { $0.append(String(describing: issue)) }
      return true
    }
    #expect(
      issues.withLock { $0 }.contains { $0.contains("Unimplemented: FactClient.fetch was called") })
  }

  @Test func theTestValueThrowsUnimplementedFailure() async {
    let recorder = WarningRecorder(matching: "FactClient.fetch")
    await #expect(throws: UnimplementedFailure(description: "FactClient.fetch")) {
      try await FactClientKey.testValue.fetch(1)
    }
    #expect(recorder.messages.count == 1)
  }

  @Test func reportIssueFailsTheTest() async {
    let store = TestStore(initialState: Facts.State()) { Facts() }
    let issues = Locked<[String]>([])
    await withKnownIssue {
      await store.send(.factTapped(5))
    } matching: { issue in
      issues.withLock { $0.append(String(describing: issue)) }
      return true
    }
    #expect(
      issues.withLock { $0 }.contains {
        $0.contains("Tapped a fact for a number that is not in the list: 5")
      })
  }

  @Test func theLiveFactClientAnswers() async throws {
    #expect(try await FactClientKey.liveValue.fetch(7) == "7 is a number.")
  }
}
