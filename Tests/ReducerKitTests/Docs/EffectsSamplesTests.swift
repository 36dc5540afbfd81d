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

// MARK: - The microphone of the recorder sample (the article leaves its declaration out)

struct Microphone: Sendable {
  var open: @Sendable () async -> Void
  var finishWriting: @Sendable () async -> Void
  var close: @Sendable () -> Void
}

enum MicrophoneKey: DependencyKey {
  static let liveValue = Microphone(open: {}, finishWriting: {}, close: {})
}

extension DependencyValues {
  var microphone: Microphone {
    get { self[MicrophoneKey.self] }
    set { self[MicrophoneKey.self] = newValue }
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

  // MARK: - Children's effects end with the child

  struct Download: Reducer {
    struct State: Equatable { var progress = 0 }
    enum Action: Equatable { case start, progressed }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.progressed)
          }
        }
      case .progressed:
        state.progress += 1
        return .none
      }
    }
  }

  struct Player: Reducer {
    struct State: Equatable { var download: Download.State? }
    enum Action: Equatable { case download(Download.Action), downloadTapped, logOutTapped }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if action == .downloadTapped { state.download = Download.State() }
        return .none
      }
      .ifLet(\.download, action: Action.download) { Download() }

      Reduce { state, action in
        if action == .logOutTapped { state.download = nil }  // Download's effects end too
        return .none
      }
    }
  }

  @Test func aSiblingThatDismissesTheChildCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Player.State()) {
      Player()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.downloadTapped) { $0.download = Download.State() }
    await store.send(.download(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.download(.progressed)) { $0.download?.progress = 1 }
    await store.send(.logOutTapped) { $0.download = nil }
    await clock.advance(by: .seconds(5))  // the download's timer is gone: nothing arrives
    await store.finish()  // fails if the download's effect were still running
  }

  // MARK: - Cancelling inside a concatenation

  struct Onboarding: Reducer {
    struct State: Equatable { var shown: [String] = [] }
    enum Action: Equatable { case start, skipTipsTapped, show(String) }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(3))
            await send(.show("welcome"))
          },
          .send(.show("tips")).cancellable(id: "tips"),
          .send(.show("done"))
        )
      case .skipTipsTapped:
        return .cancel(id: "tips")  // during "welcome": "tips" is skipped, "done" still comes
      case .show(let page):
        state.shown.append(page)
        return .none
      }
    }
  }

  @Test func cancellingALaterPartWhileAnEarlierOneRunsSkipsIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: Onboarding.State()) {
      Onboarding()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await store.send(.skipTipsTapped)
    await clock.advance(by: .seconds(3))
    await store.receive(.show("welcome")) { $0.shown = ["welcome"] }
    await store.receive(.show("done")) { $0.shown = ["welcome", "done"] }
    await store.finish()
  }

  @Test func withoutTheCancelEveryPartRuns() async {
    let clock = TestClock()
    let store = TestStore(initialState: Onboarding.State()) {
      Onboarding()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(3))
    await store.receive(.show("welcome")) { $0.shown = ["welcome"] }
    await store.receive(.show("tips")) { $0.shown = ["welcome", "tips"] }
    await store.receive(.show("done")) { $0.shown = ["welcome", "tips", "done"] }
    await store.finish()
  }

  // MARK: - Cancelling from inside an effect

  struct Recorder: Reducer {
    struct State: Equatable {
      var seconds = 0
      var isRecording = false
    }
    enum Action: Equatable { case startTapped, stopTapped, tick }
    enum CancelID { case timer, microphone }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.microphone) var microphone

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startTapped:
        state.isRecording = true
        return .merge(
          .run { send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.tick)
            }
          }
          .cancellable(id: CancelID.timer),
          .run { _ in
            await microphone.open()
            defer { microphone.close() }
            try await Task.never()  // keeps the microphone open until cancelled
          }
          .cancellable(id: CancelID.microphone)
        )
      case .tick:
        state.seconds += 1
        return .none
      case .stopTapped:
        state.isRecording = false
        return .run { _ in
          Task.cancel(id: CancelID.timer)  // no more ticks
          await microphone.finishWriting()
          Task.cancel(id: CancelID.microphone)  // only now: closes the microphone
        }
      }
    }
  }

  @Test func theRecorderTicksAndStopsFromInsideItsEffect() async {
    let clock = TestClock()
    let events = Locked<[String]>([])
    let store = TestStore(initialState: Recorder.State()) {
      Recorder()
    } withDependencies: {
      $0.continuousClock = clock
      $0.microphone = Microphone(
        open: { events.withLock { $0.append("open") } },
        finishWriting: { events.withLock { $0.append("finishWriting") } },
        close: { events.withLock { $0.append("close") } }
      )
    }
    await store.send(.startTapped) { $0.isRecording = true }
    #expect(events.withLock { $0 } == ["open"])
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.seconds = 1 }
    await store.receive(.tick) { $0.seconds = 2 }
    await store.send(.stopTapped) { $0.isRecording = false }
    await store.finish()  // the timer and the microphone effects have ended
    #expect(events.withLock { $0 } == ["open", "finishWriting", "close"])
  }

  struct Preview: Reducer {
    struct State: Equatable { var ended = 0 }
    enum Action: Equatable { case previewTapped, previewEnded }
    enum CancelID { case preview }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .previewTapped:
        return .run { send in
          await withTaskCancellation(id: CancelID.preview, cancelInFlight: true) {
            try? await clock.sleep(for: .seconds(5))  // a newer tap ends this wait
          }
          await send(.previewEnded)
        }
      case .previewEnded:
        state.ended += 1
        return .none
      }
    }
  }

  @Test func aNewerTapCutsTheRunningPreviewShort() async {
    let clock = TestClock()
    let store = TestStore(initialState: Preview.State()) {
      Preview()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.previewTapped)
    await clock.advance(by: .seconds(2))
    await store.send(.previewTapped)  // cancels the first wait; its effect goes on and reports
    await store.receive(.previewEnded) { $0.ended = 1 }
    await clock.advance(by: .seconds(4))
    #expect(store.state.ended == 1)  // the second preview still plays
    await clock.advance(by: .seconds(1))
    await store.receive(.previewEnded) { $0.ended = 2 }
    await store.finish()
  }
}
