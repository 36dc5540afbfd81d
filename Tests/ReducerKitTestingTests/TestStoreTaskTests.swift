import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestStoreTaskTests {
  @Test func taskCancelAndFinish() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    let task = await store.send(.delayedIncrement)
    #expect(!task.isCancelled)
    await task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    let second = await store.send(.delayedIncrement)
    await clock.advance(by: .seconds(1))
    await store.receive(.increment) { $0.count = 1 }
    await second.finish()
  }

  @Test func finishFailsWhenTheTaskDoesNotEnd() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      let task = await store.send(.delayedIncrement)
      await task.finish(timeout: .milliseconds(10))
      await store.skipInFlightEffects()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("still running") == true)
  }
}
