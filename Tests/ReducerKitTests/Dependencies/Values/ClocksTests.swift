import Foundation
import Testing

@testable import ReducerKit

@Suite struct ClocksTests {
  @Test func theLiveClocksAreTheSystemClocks() {
    let values = DependencyValues()
    #expect(values.continuousClock is LiveClock<ContinuousClock>)
    #expect(values.suspendingClock is LiveClock<SuspendingClock>)
    let continuous = ContinuousClock().now
    let live = LiveClock(base: ContinuousClock()).now
    #expect(continuous.duration(to: live) >= .zero)
    #expect(continuous.duration(to: live) < .seconds(1))
  }

  @Test func aLiveClockMeasuresRealTime() async throws {
    let clock = DependencyValues().continuousClock
    let elapsed = try await clock.measure { try await clock.sleep(for: .milliseconds(5)) }
    #expect(elapsed >= .milliseconds(5))
  }

  @Test func anOverrideReplacesTheClock() {
    var values = DependencyValues()
    values.continuousClock = SuspendingClock()
    values.suspendingClock = ContinuousClock()
    #expect(values.continuousClock is SuspendingClock)
    #expect(values.suspendingClock is ContinuousClock)
  }

  @Test func theTestContinuousClockReportsWhenItSleeps() async throws {
    let messages = await warnings(containing: "continuousClock") {
      let clock = testContext().continuousClock
      for _ in 0..<2 {
        let sleep = Task { try await clock.sleep(for: .seconds(60)) }
        sleep.cancel()
        _ = await sleep.result
      }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains(#"@Dependency(\.continuousClock)"#) == true)
    #expect(messages.first?.contains("Unimplemented") == true)
  }

  @Test func theTestSuspendingClockReportsWhenItsTimeIsRead() async {
    let messages = await warnings(containing: "suspendingClock") {
      _ = testContext().suspendingClock.now
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains(#"@Dependency(\.suspendingClock)"#) == true)
    #expect(messages.first?.contains("(now)") == true)
  }

  /// Time never passes on it: a sleep waits until its task is cancelled, so a timer loop
  /// suspends instead of spinning (issue 39, item 8).
  @Test func theUnimplementedClocksSleepWaitsUntilCancelled() async throws {
    let clock = UnimplementedClock(property: "unimplementedClockProbe")
    let messages = await warnings(containing: "unimplementedClockProbe") {
      let start = UnimplementedClock.Instant(offset: .zero)
      let woke = Locked(false)
      let sleep = Task {
        try await clock.sleep(until: start.advanced(by: .seconds(1)), tolerance: nil)
        woke.withLock { $0 = true }
      }
      // Bounded: the sleep is still suspended after many turns of the executor.
      for _ in 0..<1_000 { await Task.yield() }
      #expect(!woke.withLock { $0 })
      sleep.cancel()
      await #expect(throws: CancellationError.self) { try await sleep.value }
      #expect(clock.now == start)
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Time never passes on it") == true)
  }

  @Test func theUnimplementedClockHonoursCancellation() async {
    let clock = UnimplementedClock(property: "cancelledClockProbe")
    let messages = await warnings(containing: "cancelledClockProbe") {
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        try await clock.sleep(until: .init(offset: .seconds(1)), tolerance: nil)
      }
      await #expect(throws: CancellationError.self) { try await task.value }
    }
    #expect(messages.count == 1)
  }
}

private func testContext() -> DependencyValues {
  var values = DependencyValues()
  values.context = .test
  return values
}

/// The messages of the warnings containing `marker` reported by this test's tasks while `body`
/// runs: tests running in parallel that use the same dependency do not see each other's warnings.
private func warnings(
  containing marker: String, during body: () async throws -> Void
) async rethrows -> [String] {
  let test = Test.current?.id
  let recorded = Locked<[String]>([])
  let token = RuntimeWarnings.addHandler { warning in
    guard warning.message.contains(marker), Test.current?.id == test else { return false }
    recorded.withLock { $0.append(warning.message) }
    return true
  }
  defer { RuntimeWarnings.removeHandler(token) }
  try await body()
  return recorded.withLock { $0 }
}
