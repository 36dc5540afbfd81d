import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct ThrottleTableTests: ThrottlePlanTesting {
  /// Another clock type, whose instants never compare with ``FakeClock``'s.
  enum OtherClock {}

  let key = EffectKey(path: [], id: EffectID("scroll"))

  /// The action an effect made by `.send` sends.
  func sent(_ effect: Effect<Int>?) -> Int? {
    guard let effect, case .send(let action) = effect.operation else { return nil }
    return action
  }

  func isRunNow(_ decision: ThrottleTable<Int>.Decision) -> Bool {
    if case .runNow = decision { return true }
    return false
  }

  /// The instant a `.wait` decision waits from; `nil` for `.runNow`.
  func waitsFrom(_ decision: ThrottleTable<Int>.Decision) -> Int? {
    guard case .wait(let lastRun) = decision else { return nil }
    return lastRun as? Int
  }

  @Test func theFirstEffectRunsNow() {
    let clock = FakeClock()
    var table = ThrottleTable<Int>()
    let (decision, clockChanged) = table.throttle(.send(1), key: key, plan: plan(clock))
    #expect(isRunNow(decision))
    #expect(!clockChanged)
    #expect(table.count == 1)
  }

  @Test func anEffectWithinTheIntervalWaitsFromTheLastRun() {
    let clock = FakeClock()
    clock.now = 5
    var table = ThrottleTable<Int>()
    _ = table.throttle(.send(1), key: key, plan: plan(clock))
    clock.now = 14
    let (decision, clockChanged) = table.throttle(.send(2), key: key, plan: plan(clock))
    #expect(waitsFrom(decision) == 5)
    #expect(!clockChanged)
  }

  @Test func latestKeepsTheLastPendingEffect() {
    let clock = FakeClock()
    var table = ThrottleTable<Int>()
    let plan = plan(clock, latest: true)
    _ = table.throttle(.send(1), key: key, plan: plan)
    clock.now = 3
    _ = table.throttle(.send(2), key: key, plan: plan)
    _ = table.throttle(.send(3), key: key, plan: plan)
    clock.now = 10
    #expect(sent(table.fire(key: key, plan: plan)) == 3)
  }

  @Test func notLatestKeepsTheFirstPendingEffect() {
    let clock = FakeClock()
    var table = ThrottleTable<Int>()
    let plan = plan(clock, latest: false)
    _ = table.throttle(.send(1), key: key, plan: plan)
    clock.now = 3
    _ = table.throttle(.send(2), key: key, plan: plan)
    _ = table.throttle(.send(3), key: key, plan: plan)
    clock.now = 10
    #expect(sent(table.fire(key: key, plan: plan)) == 2)
  }

  @Test func fireReturnsThePendingEffectOnceAndStartsTheNextInterval() {
    let clock = FakeClock()
    var table = ThrottleTable<Int>()
    let plan = plan(clock)
    _ = table.throttle(.send(1), key: key, plan: plan)
    _ = table.throttle(.send(2), key: key, plan: plan)
    clock.now = 10
    #expect(sent(table.fire(key: key, plan: plan)) == 2)
    #expect(table.fire(key: key, plan: plan) == nil)
    // The fired effect ran at 10: an effect at 15 is within its interval.
    clock.now = 15
    let (decision, _) = table.throttle(.send(3), key: key, plan: plan)
    #expect(waitsFrom(decision) == 10)
  }

  @Test func fireWithNothingPendingReturnsNil() {
    let clock = FakeClock()
    var table = ThrottleTable<Int>()
    #expect(table.fire(key: key, plan: plan(clock)) == nil)
    _ = table.throttle(.send(1), key: key, plan: plan(clock))
    #expect(table.fire(key: key, plan: plan(clock)) == nil)
  }

  @Test func anEffectAfterTheIntervalRunsNow() {
    let clock = FakeClock()
    var table = ThrottleTable<Int>()
    let plan = plan(clock)
    _ = table.throttle(.send(1), key: key, plan: plan)
    _ = table.throttle(.send(2), key: key, plan: plan)
    clock.now = 10
    let (decision, _) = table.throttle(.send(3), key: key, plan: plan)
    #expect(isRunNow(decision))
    // Running now drops the effect that waited.
    #expect(table.fire(key: key, plan: plan) == nil)
    clock.now = 19
    #expect(waitsFrom(table.throttle(.send(4), key: key, plan: plan).decision) == 10)
  }

  @Test func aClockOfAnotherTypeStartsOverAndRunsNow() {
    let clock = FakeClock()
    var table = ThrottleTable<Int>()
    _ = table.throttle(.send(1), key: key, plan: plan(clock))
    let other = plan(clock, clockType: OtherClock.self)
    let (decision, clockChanged) = table.throttle(.send(2), key: key, plan: other)
    #expect(isRunNow(decision))
    #expect(clockChanged)
    // The throttle now lives on the new clock: the same clock again is no change.
    let (again, changedAgain) = table.throttle(.send(3), key: key, plan: other)
    #expect(waitsFrom(again) == 0)
    #expect(!changedAgain)
  }

  @Test func throttlesAreKeptPerKey() {
    let clock = FakeClock()
    var table = ThrottleTable<Int>()
    let other = EffectKey(path: [], id: EffectID("other"))
    _ = table.throttle(.send(1), key: key, plan: plan(clock))
    let (decision, _) = table.throttle(.send(2), key: other, plan: plan(clock))
    #expect(isRunNow(decision))
    #expect(table.count == 2)
    _ = table.throttle(.send(3), key: key, plan: plan(clock))
    #expect(table.count == 2)
  }
}

extension ThrottleTableTests {
  /// A throttle id per row or per request must not be kept for the store's life (issue 39,
  /// item 4): throttles whose interval is over and for which nothing waits are forgotten.
  @Test func expiredThrottlesAreForgottenSoTheTableStaysBounded() {
    let clock = FakeClock()
    var table = ThrottleTable<Int>()
    for id in 0..<10_000 {
      let key = EffectKey(path: [], id: EffectID(id))
      _ = table.throttle(.send(id), key: key, plan: plan(clock, interval: 10))
      clock.now += 1  // each interval (10) ends ten calls later
    }
    // Only throttles still within their interval (at most 10) and those not yet swept remain.
    #expect(table.count < 2 * ThrottleTable<Int>.minimumSweep)
  }

  @Test func aThrottleWithAWaitingEffectOrAnOpenIntervalIsKept() {
    let clock = FakeClock()
    var table = ThrottleTable<Int>()
    let waiting = EffectKey(path: [], id: EffectID("waiting"))
    _ = table.throttle(.send(1), key: waiting, plan: plan(clock, interval: 1_000_000))
    _ = table.throttle(.send(2), key: waiting, plan: plan(clock, interval: 1_000_000))
    for id in 0..<1_000 {
      _ = table.throttle(
        .send(id), key: EffectKey(path: [], id: EffectID(id)), plan: plan(clock, interval: 1))
      clock.now += 1
    }
    // The waiting effect is still there to fire, after every sweep.
    #expect(sent(table.fire(key: waiting, plan: plan(clock, interval: 1_000_000))) == 2)
    // And the id's interval still runs: another effect waits rather than running.
    #expect(
      !isRunNow(
        table.throttle(.send(3), key: waiting, plan: plan(clock, interval: 1_000_000))
          .decision))
  }
}
