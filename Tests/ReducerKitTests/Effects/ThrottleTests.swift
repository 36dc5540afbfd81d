import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct ThrottleTests {
  struct Scroller: Reducer {
    let latest: Bool
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout [Int], action: Int) -> Effect<Int> {
      if action < 0 {
        state.append(-action)
        return .none
      }
      return .send(-action).throttle(id: "scroll", for: .seconds(1), clock: clock, latest: latest)
    }
  }

  func makeStore(latest: Bool, clock: TestClock) -> TestStore<[Int], Int> {
    TestStore(initialState: []) {
      Scroller(latest: latest)
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func latestRunsTheFirstAtOnceAndTheLastAtTheIntervalsEnd() async {
    let clock = TestClock()
    let store = makeStore(latest: true, clock: clock)
    await store.send(1)
    await store.receive(-1) { $0 = [1] }
    await store.send(2)
    await store.send(3)
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(-3) { $0 = [1, 3] }
    await store.finish()
  }

  @Test func notLatestRunsTheFirstOfTheInterval() async {
    let clock = TestClock()
    let store = makeStore(latest: false, clock: clock)
    await store.send(1)
    await store.receive(-1) { $0 = [1] }
    await store.send(2)
    await store.send(3)
    await clock.advance(by: .seconds(1))
    await store.receive(-2) { $0 = [1, 2] }
    await store.finish()
  }

  @Test func anEffectAfterTheIntervalRunsAtOnce() async {
    let clock = TestClock()
    let store = makeStore(latest: true, clock: clock)
    await store.send(1)
    await store.receive(-1) { $0 = [1] }
    await clock.advance(by: .seconds(2))
    await store.send(2)
    await store.receive(-2) { $0 = [1, 2] }
    await store.finish()
  }

  /// The documented spelling inside a `body`, on the `continuousClock` dependency, in a file
  /// that imports Foundation.
  struct Loader: Reducer {
    @Dependency(\.continuousClock) var clock
    var body: some Reducer<[Int], Int> {
      Reduce { state, action in
        if action < 0 {
          state.append(-action)
          return .none
        }
        return .run { send in
          await send(-action)
        }
        .throttle(id: "load", for: .seconds(1), clock: clock, latest: false)
      }
    }
  }

  @Test func throttlesOnTheClockDependencyInABody() async {
    let clock = TestClock()
    let store = TestStore(initialState: [Int]()) {
      Loader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(1)
    await store.receive(-1) { $0 = [1] }
    await store.send(2)
    await store.send(3)
    await clock.advance(by: .seconds(1))
    await store.receive(-2) { $0 = [1, 2] }
    await store.finish()
  }
}

@MainActor
@Suite struct ThrottleClockSwapTests {
  /// Swapping the clock dependency between two throttled sends (issue 12, item 3) used to trap on
  /// a force cast of one clock's instant to the other's.
  @Test func aThrottleUsedWithTwoClockTypesWarnsAndStartsOver() async {
    let testClock = TestClock()
    let store = TestStore(initialState: [Int]()) {
      ThrottleTests.Loader()
    } withDependencies: {
      $0.continuousClock = testClock
    }
    await store.send(1)
    await store.receive(-1) { $0 = [1] }
    store.dependencies.continuousClock = ImmediateClock()
    await withKnownIssue {
      await store.send(2)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("clock of another type") }
    }
    // A new interval on the new clock: the effect ran at once.
    await store.receive(-2) { $0 = [1, 2] }
    await store.finish()
  }

  @Test func anEffectWaitingOnTheOldClockIsDropped() async {
    let testClock = TestClock()
    let store = TestStore(initialState: [Int]()) {
      ThrottleTests.Loader()
    } withDependencies: {
      $0.continuousClock = testClock
    }
    await store.send(1)
    await store.receive(-1) { $0 = [1] }
    // Waits for the end of the interval on the test clock.
    await store.send(2)
    store.dependencies.continuousClock = ImmediateClock()
    await withKnownIssue {
      await store.send(3)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("clock of another type") }
    }
    await store.receive(-3) { $0 = [1, 3] }
    await testClock.advance(by: .seconds(1))
    await store.finish()
  }
}
