import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/MigratingFromReSwift.md, copied verbatim (`.ci/doc-samples` checks
// that each one is here), compiled, and run.

/// The worked example: a counter composed into an app feature, a reducer that logs every action
/// (ReSwift's logging middleware), a delayed increment that reads the state first (a thunk), a
/// subscriber to part of the state, and the test.
enum MigratingFromReSwiftSample {
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

  /// Logs every action it sees: put it first in a `body` to see them all.
  struct LogActions<State, Action>: Reducer {
    let log: @Sendable (String) -> Void

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      log("action: \(action)")
      return .none
    }
  }

  struct App: Reducer {
    struct State: Equatable {
      var counter = Counter.State()
      var isWaiting = false
    }
    enum Action: Equatable {
      case counter(Counter.Action)
      case incrementLaterTapped
      case incrementLaterFinished
    }

    var log: @Sendable (String) -> Void = { print($0) }
    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      LogActions(log: log)
      Scope(state: \.counter, action: Action.counter) { Counter() }
      Reduce { state, action in
        switch action {
        case .incrementLaterTapped:
          // What a thunk read with getState(), the reducer reads from `state`.
          guard state.counter.count < 10, !state.isWaiting else { return .none }
          state.isWaiting = true
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.counter(.increment))
            await send(.incrementLaterFinished)
          }
        case .incrementLaterFinished:
          state.isWaiting = false
          return .none
        case .counter:
          return .none
        }
      }
    }
  }
}

/// Collects log lines from any thread (a test helper, not in the article).
private final class LogLines: @unchecked Sendable {
  // Protects `lines`.
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}

extension MigratingFromReSwiftSample {
  @Suite struct Tests {
    /// A subscriber to the counter only, as `store.subscribe(self) { $0.select { $0.counter } }`.
    @MainActor
    func countsSeenBySubscriber() async -> [Int] {
      let store = Store(initialState: App.State()) {
        App()
      } withDependencies: {
        $0.continuousClock = ImmediateClock()
      }
      let counterStore = store.scope(state: \.counter, action: App.Action.counter)
      let states = counterStore.states  // subscribed from here on: the current state first
      let subscriber = Task {
        var counts: [Int] = []
        for await counter in states {
          if counts.last != counter.count { counts.append(counter.count) }  // skipRepeats
          if counter.count == 2 { break }
        }
        return counts
      }
      counterStore.send(.increment)  // sent to `store` as .counter(.increment)
      await store.send(.incrementLaterTapped).finish()
      return await subscriber.value
    }

    @MainActor
    @Test func app() async {
      let clock = TestClock()
      let store = TestStore(initialState: App.State()) {
        App(log: { _ in })
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.counter(.increment)) { $0.counter.count = 1 }
      await store.send(.incrementLaterTapped) { $0.isWaiting = true }
      await store.send(.incrementLaterTapped)  // already waiting: nothing happens
      await clock.advance(by: .seconds(1))
      await store.receive(.counter(.increment)) { $0.counter.count = 2 }
      await store.receive(.incrementLaterFinished) { $0.isWaiting = false }
    }

    @MainActor
    @Test func subscriber() async {
      #expect(await countsSeenBySubscriber() == [0, 1, 2])
    }

    /// Not in the article: the logging reducer sees every action, sent or fed back by an effect.
    @MainActor
    @Test func everyActionIsLogged() async {
      let lines = LogLines()
      let store = Store(initialState: App.State()) {
        App(log: { lines.append($0) })
      } withDependencies: {
        $0.continuousClock = ImmediateClock()
      }
      store.send(.counter(.decrement))
      await store.send(.incrementLaterTapped).finish()
      #expect(
        lines.all == [
          "action: counter(ReducerKitTests.MigratingFromReSwiftSample.Counter.Action.decrement)",
          "action: incrementLaterTapped",
          "action: counter(ReducerKitTests.MigratingFromReSwiftSample.Counter.Action.increment)",
          "action: incrementLaterFinished",
        ])
    }

    /// Not in the article: a scoped store's `states` yields after every action of the root, even
    /// when its own state did not change — the article says to skip repeats by hand.
    @MainActor
    @Test func scopedStatesRepeatUnchangedStates() async {
      let store = Store(initialState: App.State()) {
        App(log: { _ in })
      } withDependencies: {
        $0.continuousClock = ImmediateClock()
      }
      let counterStore = store.scope(state: \.counter, action: App.Action.counter)
      let states = counterStore.states
      let reader = Task {
        var counts: [Int] = []
        for await counter in states {
          counts.append(counter.count)
          if counts.count == 3 { break }
        }
        return counts
      }
      store.send(.incrementLaterFinished)  // the counter does not change
      store.send(.counter(.increment))
      #expect(await reader.value == [0, 0, 1])
    }
  }
}
