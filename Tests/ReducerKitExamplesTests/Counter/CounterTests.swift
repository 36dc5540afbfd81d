import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@MainActor
@Suite struct CounterTests {
  private func makeStore(
    clock: TestClock = TestClock(), lines: Recorder<String> = Recorder()
  ) -> TestStoreOf<Counter> {
    TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
      $0.actionLogger = ActionLogger { lines.record($0) }
    }
  }

  @Test func plusAndMinusChangeTheCountAndEveryActionIsLogged() async {
    let lines = Recorder<String>()
    let store = makeStore(lines: lines)
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.incrementTapped) { $0.count = 2 }
    await store.send(.decrementTapped) { $0.count = 1 }
    #expect(
      lines.recorded == [
        "incrementTapped → count 1", "incrementTapped → count 2", "decrementTapped → count 1",
      ])
  }

  @Test func theDelayedButtonsChangeTheCountAfterTheirDelays() async {
    let clock = TestClock()
    let lines = Recorder<String>()
    let store = makeStore(clock: clock, lines: lines)
    await store.send(.delayedIncrementTapped)
    await store.send(.delayedDecrementTapped)
    await clock.advance(by: .milliseconds(500))
    await store.receive(.decrement) { $0.count = -1 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.increment) { $0.count = 0 }
    await store.finish()
    // The effects' actions are logged like the buttons'.
    #expect(
      lines.recorded == [
        "delayedIncrementTapped → count 0", "delayedDecrementTapped → count 0",
        "decrement → count -1", "increment → count 0",
      ])
  }

  @Test func pressingADelayedButtonAgainRestartsItsDelay() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.delayedIncrementTapped)
    await clock.advance(by: .milliseconds(600))
    await store.send(.delayedIncrementTapped)
    // One second after the first press: the first delay was cancelled, nothing arrives.
    await clock.advance(by: .milliseconds(1000))
    await store.receive(.increment) { $0.count = 1 }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancelStopsBothDelays() async {
    let clock = TestClock()
    let lines = Recorder<String>()
    let store = makeStore(clock: clock, lines: lines)
    await store.send(.delayedIncrementTapped)
    await store.send(.delayedDecrementTapped)
    await store.send(.cancelDelayedTapped)
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(lines.recorded.last == "cancelDelayedTapped → count 0")
    #expect(lines.recorded.count == 3)
  }

  @Test func cancellingOneDelayKeepsTheOther() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.delayedIncrementTapped)
    let decrement = await store.send(.delayedDecrementTapped)
    await decrement.cancel()
    await clock.advance(by: .seconds(1))
    await store.receive(.increment) { $0.count = 1 }
    await store.finish()
  }
}
