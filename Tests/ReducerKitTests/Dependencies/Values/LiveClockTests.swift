import Foundation
import Testing

@testable import ReducerKit

@Suite struct LiveClockTests {
  // MARK: The sleeper's state machine, without tasks

  typealias State = SleeperState<Int>

  func isSchedule(_ command: State.Command) -> Bool {
    if case .schedule = command { return true }
    return false
  }
  func resumed(_ command: State.Command) -> Int? {
    if case .resume(let continuation) = command { return continuation }
    return nil
  }
  func resumedCancelled(_ command: State.Command) -> Int? {
    if case .resumeCancelled(let continuation) = command { return continuation }
    return nil
  }
  func isNone(_ command: State.Command) -> Bool {
    if case .none = command { return true }
    return false
  }

  @Test func aStartedSleepEndsOnceWhenItsTimerFires() {
    var state = State.idle
    #expect(isSchedule(state.start(1)))
    #expect(resumed(state.fire()) == 1)
    #expect(isNone(state.fire()))
    #expect(isNone(state.cancel()))
  }

  @Test func aCancelledSleepEndsOnceAndItsTimerFiringLaterDoesNothing() {
    var state = State.idle
    #expect(isSchedule(state.start(2)))
    #expect(resumedCancelled(state.cancel()) == 2)
    #expect(isNone(state.fire()))
    #expect(isNone(state.cancel()))
  }

  @Test func aCancellationBeforeTheStartEndsTheSleepAtItsStart() {
    var state = State.idle
    #expect(isNone(state.cancel()))
    #expect(resumedCancelled(state.start(3)) == 3)
    #expect(isNone(state.fire()))
  }

  // MARK: The clock

  @Test func itSleepsForAtLeastTheDurationOnTheBaseClock() async throws {
    let clock = LiveClock(base: ContinuousClock())
    let start = ContinuousClock.now
    try await clock.sleep(for: .milliseconds(20))
    #expect(start.duration(to: .now) >= .milliseconds(20))
  }

  @Test func aSuspendingSleepAlsoLastsAtLeastItsDuration() async throws {
    let clock = LiveClock(base: SuspendingClock())
    let start = SuspendingClock.now
    try await clock.sleep(for: .milliseconds(20))
    #expect(start.duration(to: .now) >= .milliseconds(20))
  }

  @Test func aDeadlineInThePastReturnsAtOnce() async throws {
    let clock = LiveClock(base: SuspendingClock())
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)), tolerance: nil)
  }

  @Test func aCancelledSleepThrowsAtOnceInsteadOfWaitingForItsDeadline() async {
    let clock = LiveClock(base: ContinuousClock())
    let start = ContinuousClock.now
    let sleep = Task { try await clock.sleep(for: .seconds(3_600)) }
    // Let it start sleeping (bounded), then cancel.
    for _ in 0..<100 { await Task.yield() }
    sleep.cancel()
    await #expect(throws: CancellationError.self) { try await sleep.value }
    #expect(start.duration(to: .now) < .seconds(60))
  }

  @Test func aSleepInACancelledTaskThrowsWithoutSleeping() async {
    let clock = LiveClock(base: ContinuousClock())
    let sleep = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(3_600))
    }
    await #expect(throws: CancellationError.self) { try await sleep.value }
  }

  @Test func manySleepsCancelledEarlyAllEnd() async {
    let clock = LiveClock(base: ContinuousClock())
    let sleeps = (0..<200).map { _ in Task { try await clock.sleep(for: .seconds(3_600)) } }
    for sleep in sleeps { sleep.cancel() }
    for sleep in sleeps {
      await #expect(throws: CancellationError.self) { try await sleep.value }
    }
  }
}
