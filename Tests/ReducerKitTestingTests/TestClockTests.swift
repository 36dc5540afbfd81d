import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestClockTests {
  @Test func aTestClockDrivesDelayedEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    await store.send(.delayedIncrement)
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.increment) { $0.count = 1 }
    await store.finish()
  }

  @Test func anHourLongSleepIsTestedInstantly() async {
    struct Hourly: Reducer {
      let clock: any Clock<Duration>
      func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
        guard action else {
          state += 1
          return .none
        }
        return .run { send in
          try await clock.sleep(for: .seconds(3_600))
          await send(false)
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: 0) { Hourly(clock: clock) }
    await store.send(true)
    await clock.advance(by: .seconds(3_600))
    await store.receive(false) { $0 = 1 }
  }

  @Test func advanceWakesDueSleepersInOrder() async {
    let clock = TestClock()
    let log = Locked<[Int]>([])
    let tasks = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        log.withLock { $0.append(seconds) }
      }
    }
    await clock.advance(by: .zero)
    await waitForSleepers(clock, count: 3)
    await clock.advance(by: .seconds(2))
    for task in tasks.prefix(1) { task.cancel() }
    for task in tasks { _ = await task.result }
    #expect(log.withLock { $0 }.starts(with: [1, 2]))
    #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
  }

  @Test func cancellingASleeperThrows() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await waitForSleepers(clock, count: 1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func runAdvancesUntilNoSleeperIsLeft() async {
    let clock = TestClock()
    let task = Task {
      try await clock.sleep(for: .seconds(10))
      try await clock.sleep(for: .seconds(10))
    }
    await waitForSleepers(clock, count: 1)
    await clock.run()
    try? await task.value
    #expect(clock.now.offset >= .seconds(20))
  }

  @Test func aZeroSleepWaitsForTheNextAdvance() async {
    let clock = TestClock()
    let woke = Locked(false)
    let task = Task {
      try await clock.sleep(for: .zero)
      woke.withLock { $0 = true }
    }
    await waitForSleepers(clock, count: 1)
    for _ in 0..<100 { await Task.yield() }
    #expect(clock.sleeperCount == 1)
    #expect(!woke.withLock { $0 })
    await clock.advance()
    try? await task.value
    #expect(woke.withLock { $0 })
    #expect(clock.now == TestClock.Instant())
  }

  @Test func aSleepUntilNowWaitsForTheNextAdvanceOrRun() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    let task = Task { try await clock.sleep(until: clock.now) }
    await waitForSleepers(clock, count: 1)
    #expect(clock.sleeperCount == 1)
    await clock.run()
    #expect(clock.sleeperCount == 0)
    try? await task.value
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func aSleepUntilThePastReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    let returned = Locked(false)
    let task = Task {
      try await clock.sleep(until: TestClock.Instant(offset: .seconds(1)))
      try await clock.sleep(for: .seconds(-1))
      returned.withLock { $0 = true }
    }
    for _ in 0..<10_000 where !returned.withLock({ $0 }) { await Task.yield() }
    #expect(returned.withLock { $0 })
    #expect(clock.sleeperCount == 0)
    await clock.advance()  // Releases the task, were it waiting.
    try await task.value
  }

  /// Polls (with a bound) until the clock has `count` sleepers.
  func waitForSleepers(_ clock: TestClock, count: Int) async {
    for _ in 0..<10_000 where clock.sleeperCount < count { await Task.yield() }
  }
}
