import Foundation
import ReducerKit
import Testing

@testable import ReducerKitTesting

@MainActor
@Suite struct EffectSettlingTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
  @Test func settleRunsEffectJobsUntilTheySuspend() async {
    let log = Locked<[String]>([])
    let clock = TestClock()
    let task = Task(executorPreference: EffectExecutor.shared) {
      log.withLock { $0.append("first job") }
      try await clock.sleep(for: .seconds(1))
      log.withLock { $0.append("second job") }
    }
    await EffectSettling.settle()
    #expect(log.withLock { $0 } == ["first job"])
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(log.withLock { $0 } == ["first job", "second job"])
    _ = await task.result
    #expect(EffectExecutor.shared.snapshot.isIdle)
  }

  @Test func waitReturnsAsSoonAsTheConditionHolds() async {
    var calls = 0
    let holds = await EffectSettling.wait(timeout: .seconds(5)) {
      calls += 1
      return calls >= 2
    }
    #expect(holds)
    #expect(calls == 2)
  }

  @Test func waitGivesUpAfterTheTimeout() async {
    let holds = await EffectSettling.wait(timeout: .milliseconds(5)) { false }
    #expect(!holds)
  }
}
