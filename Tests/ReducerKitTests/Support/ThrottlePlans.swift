import Foundation

@testable import ReducerKit

/// Throttle plans over a clock moved by hand, for the tests of the throttle's rules.
protocol ThrottlePlanTesting {}

/// A clock whose instants are `Int`s, moved by hand.
final class FakeThrottleClock: @unchecked Sendable {
  // Unchecked: only used from a test's main actor.
  var now = 0
}

extension ThrottlePlanTesting {
  typealias FakeClock = FakeThrottleClock

  /// A plan over `clock` with an interval of `interval` ticks.
  func plan(
    _ clock: FakeClock, interval: Int = 10, latest: Bool = true,
    clockType: Any.Type = FakeClock.self
  ) -> ThrottlePlan {
    ThrottlePlan(
      latest: latest,
      clock: ObjectIdentifier(clockType),
      clockName: String(describing: clockType),
      now: { clock.now },
      isDue: { last, now in (last as! Int) + interval <= (now as! Int) },
      sleepUntilDue: { _ in })
  }
}
