import Foundation
import ReducerKitTesting
import Testing

@Suite struct ImmediateClockTests {
  @Test func sleepsReturnAtOnceAndMoveTheClock() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3_600))
    try await clock.sleep(for: .seconds(1))
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(3_601)))
  }

  @Test func aCancelledSleepThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func instantsCompareAndAdvance() {
    let start = ImmediateClock.Instant()
    let later = start.advanced(by: .seconds(2))
    #expect(start < later)
    #expect(start.duration(to: later) == .seconds(2))
  }
}
