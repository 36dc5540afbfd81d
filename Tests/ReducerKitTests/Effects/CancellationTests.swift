import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@MainActor
@Suite struct CancellationTests {
  enum Action: Equatable { case start(String), stop(String), finished(String) }

  func makeStore(cancelInFlight: Bool = false) -> Store<[String], Action> {
    Store(initialState: [String]()) {
      Reduce<[String], Action> { state, action in
        switch action {
        case .start(let id):
          return .run { send in
            try await Task.sleep(for: .seconds(60))
            await send(.finished(id))
          }
          .cancellable(id: id, cancelInFlight: cancelInFlight)
        case .stop(let id):
          return .cancel(id: id)
        case .finished(let id):
          state.append(id)
          return .none
        }
      }
    }
  }

  @Test func cancelStopsOnlyTheEffectsUnderThatID() async {
    let store = makeStore()
    let a = store.send(.start("a"))
    let b = store.send(.start("b"))
    store.send(.stop("a"))
    #expect(a.isCancelled)
    #expect(!b.isCancelled)
    b.cancel()
    await a.finish()
    await b.finish()
    #expect(store.state.isEmpty)
  }

  @Test func withoutCancelInFlightBothEffectsRun() {
    let store = makeStore()
    let first = store.send(.start("a"))
    let second = store.send(.start("a"))
    #expect(!first.isCancelled)
    #expect(!second.isCancelled)
    store.send(.stop("a"))
    #expect(first.isCancelled)
    #expect(second.isCancelled)
  }

  @Test func cancelInFlightOnANoneEffectStillCancels() {
    let effect = Effect<Int>.none.cancellable(id: "x", cancelInFlight: true)
    guard case .cancel = effect.operation else {
      Issue.record("expected .cancel")
      return
    }
    let plain = Effect<Int>.none.cancellable(id: "x")
    guard case .none = plain.operation else {
      Issue.record("expected .none")
      return
    }
  }

  // MARK: Parts of a concatenation that have not started (issue 11, bug 2)

  /// `.concatenate(a, b.cancellable(id: "b"), c)`, where `a` waits a second on the clock.
  struct Sequence: Reducer {
    let clock: TestClock
    func reduce(into state: inout [String], action: String) -> Effect<String> {
      switch action {
      case "start":
        return .concatenate(
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send("a")
          },
          .run { send in await send("b") }.cancellable(id: "b"),
          .run { send in await send("c") }
        )
      case "cancel b":
        return .cancel(id: "b")
      case "replace b":
        return .run { send in await send("b2") }.cancellable(id: "b", cancelInFlight: true)
      default:
        state.append(action)
        return .none
      }
    }
  }

  @Test func cancellingAPartThatHasNotStartedSkipsIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) { Sequence(clock: clock) }
    await store.send("start")
    await store.send("cancel b")
    await clock.advance(by: .seconds(1))
    await store.receive("a") { $0 = ["a"] }
    await store.receive("c") { $0 = ["a", "c"] }
    await store.finish()
  }

  @Test func cancelInFlightSkipsAPartThatHasNotStarted() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) { Sequence(clock: clock) }
    await store.send("start")
    await store.send("replace b")
    await store.receive("b2") { $0 = ["b2"] }
    await clock.advance(by: .seconds(1))
    await store.receive("a") { $0 = ["b2", "a"] }
    await store.receive("c") { $0 = ["b2", "a", "c"] }
    await store.finish()
  }

  @Test func cancellingTheSendsTaskSkipsEveryPartLeft() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) { Sequence(clock: clock) }
    let task = await store.send("start")
    await task.cancel()
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(task.isCancelled)
  }

  @Test func aCancelBeforeTheConcatenationStartedDoesNotSkipLaterParts() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) { Sequence(clock: clock) }
    await store.send("cancel b")
    await store.send("start")
    await clock.advance(by: .seconds(1))
    await store.receive("a") { $0 = ["a"] }
    await store.receive("b") { $0 = ["a", "b"] }
    await store.receive("c") { $0 = ["a", "b", "c"] }
    await store.finish()
  }

  @Test func aCancelAfterThePartStartedCancelsItTheUsualWay() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        switch action {
        case "start":
          return .concatenate(
            .run { send in await send("a") },
            .run { [clock] send in
              try await clock.sleep(for: .seconds(1))
              await send("b")
            }.cancellable(id: "b"),
            .run { send in await send("c") }
          )
        case "cancel b":
          return .cancel(id: "b")
        default:
          state.append(action)
          return .none
        }
      }
    }
    await store.send("start")
    await store.receive("a") { $0 = ["a"] }
    await store.send("cancel b")
    await store.receive("c") { $0 = ["a", "c"] }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}
