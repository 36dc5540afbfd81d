import Testing

@testable import ReducerKit

@Suite struct FileWriteScheduleTests {
  @Test func theFirstChangeIsWrittenAtOnceAndTheRestHeldTheLastWinning() {
    var schedule = FileWriteSchedule<Int>()
    guard case .writeNowAndStartTimer = schedule.change(1) else {
      Issue.record("the first change should be written at once")
      return
    }
    guard case .held(nil) = schedule.change(2) else {
      Issue.record("a change in the quiet period should be held")
      return
    }
    guard case .held(2?) = schedule.change(3) else {
      Issue.record("a later change should supersede the held one")
      return
    }
    #expect(schedule.pending == 3)
    #expect(schedule.quietPeriodEnded() == 3)
    // Another quiet period: still held.
    #expect(schedule.isQuiet)
    #expect(schedule.quietPeriodEnded() == nil)
    #expect(!schedule.isQuiet)
    guard case .writeNowAndStartTimer = schedule.change(4) else {
      Issue.record("after a quiet period with no change, writes are immediate again")
      return
    }
  }

  @Test func aFlushTakesTheHeldChange() {
    var schedule = FileWriteSchedule<Int>()
    _ = schedule.change(1)
    _ = schedule.change(2)
    #expect(schedule.flush() == 2)
    #expect(schedule.flush() == nil)
    #expect(schedule.quietPeriodEnded() == nil)
  }

  @Test func thousandChangesInAQuietPeriodAreTwoWrites() {
    var schedule = FileWriteSchedule<Int>()
    var writes = 0
    for change in 0..<1_000 {
      if case .writeNowAndStartTimer = schedule.change(change) { writes += 1 }
    }
    if schedule.quietPeriodEnded() != nil { writes += 1 }
    #expect(writes == 2)
  }
}
