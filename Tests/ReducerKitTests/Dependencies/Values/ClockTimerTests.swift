import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

/// A feature with a one-second timer on the `continuousClock` dependency, spelled as in an app
/// file that imports Foundation (where Glibc's `clock()` joins the lookup of `clock`).
private struct TimerFeature: Reducer {
  struct State: Equatable {
    var ticks = 0
  }
  enum Action: Equatable { case start, stop, tick }
  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

@Suite struct ClockTimerTests {
  @MainActor
  @Test func advancingByThreeIntervalsDeliversThreeTicks() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await clock.advance(by: .milliseconds(999))
    await store.send(.stop)
    await store.finish()
  }

  @MainActor
  @Test func cancellingTheEffectTaskEndsTheLoop() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let timer = await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await timer.cancel()
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @MainActor
  @Test func ticksAreTheElapsedTimeAndDoNotDriftWhenTheBodyTakesTime() async {
    let clock = TestClock()
    let elapsed = Locked<[Duration]>([])
    let task = Task {
      for await tick in clock.timer(interval: .seconds(1)) {
        elapsed.withLock { $0.append(tick) }
        // Half an interval of work per tick must not delay the next one.
        try? await clock.sleep(for: .milliseconds(500))
      }
    }
    await waitForSleepers(clock)
    await clock.advance(by: .seconds(3))
    #expect(elapsed.withLock { $0 } == [.seconds(1), .seconds(2), .seconds(3)])
    task.cancel()
    await task.value
    #expect(elapsed.withLock { $0 }.count == 3)
  }

  @MainActor
  @Test func aTimerOnAnExistentialClockTicksOnThatClock() async {
    let testClock = TestClock()
    let clock: any Clock<Duration> = testClock
    let task = Task {
      var ticks: [Duration] = []
      for await tick in clock.timer(interval: .seconds(2)) {
        ticks.append(tick)
        if ticks.count == 2 { break }
      }
      return ticks
    }
    await waitForSleepers(testClock)
    await testClock.advance(by: .seconds(5))
    #expect(await task.value == [.seconds(2), .seconds(4)])
  }

  @Test func aTimerOnTheContinuousClockTicksInRealTime() async {
    let clock = ContinuousClock()
    var ticks: [Duration] = []
    for await tick in clock.timer(interval: .milliseconds(5)).prefix(3) {
      ticks.append(tick)
    }
    #expect(ticks.count == 3)
    for (k, tick) in ticks.enumerated() {
      #expect(tick >= .milliseconds(5) * (k + 1))
    }
  }

  @Test func cancellingTheIteratingTaskEndsTheSequence() async {
    let task = Task {
      var count = 0
      for await _ in ContinuousClock().timer(interval: .seconds(3_600)) { count += 1 }
      return count
    }
    task.cancel()
    #expect(await task.value == 0)
  }

  @Test func aNonPositiveIntervalIsReportedAndEndsTheTimer() async {
    let recorder = WarningRecorder(matching: "interval must be positive")
    var count = 0
    for await _ in ContinuousClock().timer(interval: .zero) { count += 1 }
    #expect(count == 0)
    #expect(recorder.messages.count == 1)
  }

  /// Polls (with a bound) until the clock has a sleeper.
  func waitForSleepers(_ clock: TestClock) async {
    for _ in 0..<10_000 where clock.sleeperCount < 1 { await Task.yield() }
  }
}
