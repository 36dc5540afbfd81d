/// The throttles of one root store, by (feature, id): when each last let an effect run, and the
/// effect waiting for its interval to end. A pure table: the effect runtime does what each
/// decision says (start the effect, schedule the end of the interval, cancel).
package struct ThrottleTable<Action> {
  /// A throttle's memory: when an effect last ran, and the one waiting for the interval to end.
  private struct Throttle {
    var lastRun: (any Sendable)?
    var pending: Effect<Action>?
    /// The type of the clock `lastRun` was read from.
    var clock: ObjectIdentifier?
    /// The plan it was last used with: what tells whether its interval is over.
    var plan: ThrottlePlan?

    /// Whether it remembers nothing that matters: no effect waits, and its interval is over, so
    /// the next effect runs at once, as for a throttle never used.
    var isExpired: Bool {
      guard pending == nil, let lastRun, let plan else { return pending == nil }
      return plan.isDue(lastRun, plan.now())
    }
  }

  /// What to do with an effect that reached its throttle.
  package enum Decision {
    /// The interval is over (or this is the first run): cancel what runs under the throttle's key
    /// (a scheduled end of interval) and start the effect now.
    case runNow
    /// Within the interval: the effect waits (or was dropped, when an earlier one waits and the
    /// throttle keeps the first). Unless an end of interval is already scheduled, schedule one
    /// that sleeps until `lastRun` plus the interval, then fires.
    case wait(lastRun: any Sendable)
  }

  private var throttles: [EffectKey: Throttle] = [:]
  /// The count at which the table next forgets its expired throttles: twice what was left after
  /// the last sweep, so that a sweep costs O(1) per throttle call, amortized.
  private var sweepAt = Self.minimumSweep

  /// The smallest table that is swept.
  static var minimumSweep: Int { 64 }

  package init() {}

  /// How many throttles the table remembers.
  package var count: Int { throttles.count }

  /// Decides what happens to `effect`, throttled under `key` by `plan`. `clockChanged` is true
  /// when the throttle was last used with a clock of another type: its interval started over on
  /// the new clock (the caller warns, and the decision is ``Decision/runNow``, whose cancel drops
  /// an effect waiting on the old clock).
  package mutating func throttle(
    _ effect: Effect<Action>, key: EffectKey, plan: ThrottlePlan
  ) -> (decision: Decision, clockChanged: Bool) {
    let now = plan.now()
    var throttle = throttles[key] ?? Throttle()
    var clockChanged = false
    if let clock = throttle.clock, clock != plan.clock {
      // Another clock (a test swapped the clock dependency): its instants do not compare with
      // the last one's, so the throttle starts over on the new clock.
      clockChanged = true
      throttle = Throttle()
    }
    throttle.clock = plan.clock
    throttle.plan = plan
    defer { if throttles.count >= sweepAt { forgetExpired() } }
    if let lastRun = throttle.lastRun, !plan.isDue(lastRun, now) {
      if plan.latest || throttle.pending == nil { throttle.pending = effect }
      throttles[key] = throttle
      return (.wait(lastRun: lastRun), clockChanged)
    }
    throttle.lastRun = now
    throttle.pending = nil
    throttles[key] = throttle
    return (.runNow, clockChanged)
  }

  /// Forgets the throttles whose interval is over and for which no effect waits: forgetting
  /// one changes nothing (its next effect runs at once either way), and a throttle id per row,
  /// per query or per request would otherwise be kept for the store's whole life.
  private mutating func forgetExpired() {
    throttles = throttles.filter { !$0.value.isExpired }
    sweepAt = max(Self.minimumSweep, throttles.count * 2)
  }

  /// The end of an interval: takes the effect that waited for it, if any, and starts the next
  /// interval now.
  package mutating func fire(key: EffectKey, plan: ThrottlePlan) -> Effect<Action>? {
    guard var throttle = throttles[key], let pending = throttle.pending else { return nil }
    throttle.pending = nil
    throttle.lastRun = plan.now()
    throttles[key] = throttle
    return pending
  }
}
