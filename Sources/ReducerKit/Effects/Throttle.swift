extension Effect {
  /// Runs at most one effect with this id per `interval`: the first at once, later ones at the
  /// end of the interval.
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return .run { send in await send(.loadMoreIfNeeded(offset)) }
  ///     .throttle(id: "scroll", for: .milliseconds(500), clock: clock, latest: true)
  /// ```
  ///
  /// The first effect of a series runs right away. Effects throttled within `interval` of the last
  /// one that ran wait until the interval has passed; then one of them runs: the most recent
  /// (`latest: true`) or the first (`latest: false`); the others never run. Time is measured on
  /// `clock` from the moment each action is reduced.
  ///
  /// - Parameters:
  ///   - id: The id the series shares (scoped to this feature, like any cancellation id).
  ///   - interval: The minimum time between two effects that run.
  ///   - clock: The clock to measure on; use the `continuousClock` dependency so tests control it.
  ///   - latest: Whether the effect that runs at the end of an interval is the most recent one
  ///     (`true`) or the first one (`false`).
  ///
  /// (Disfavoured: where a call could also open an `any Clock<Duration>` for this method, the
  /// overload for existential clocks is the one chosen.)
  @_disfavoredOverload
  public func throttle<C: Clock>(
    id: some Hashable & Sendable,
    for interval: C.Duration,
    clock: C,
    latest: Bool
  ) -> Self {
    throttled(id: id, for: interval, clock: clock, latest: latest)
  }

  private func throttled<C: Clock>(
    id: some Hashable & Sendable, for interval: C.Duration, clock: C, latest: Bool
  ) -> Self {
    Self(
      operation: .throttle(
        self, id: EffectID(id),
        plan: ThrottlePlan(
          latest: latest,
          clock: ObjectIdentifier(C.self),
          clockName: String(describing: C.self),
          now: { clock.now },
          isDue: { last, now in
            // The store keeps one clock's instants per throttle (see `ThrottleState.clock`);
            // instants of another clock never compare, they only start a new interval.
            guard let last = last as? C.Instant, let now = now as? C.Instant else { return true }
            return last.advanced(by: interval) <= now
          },
          sleepUntilDue: { last in
            guard let last = last as? C.Instant else { return }
            try await clock.sleep(until: last.advanced(by: interval), tolerance: nil)
          })))
  }
}

extension Effect {
  /// Runs at most one effect with this id per `interval` of a clock held as
  /// `any Clock<Duration>`, such as the `continuousClock` dependency.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// // …
  /// return .run { send in await send(.loadMore) }
  ///   .throttle(id: "scroll", for: .milliseconds(500), clock: clock, latest: true)
  /// ```
  ///
  /// The same as the generic ``throttle(id:for:clock:latest:)-(_,C.Duration,C,_)``, for an
  /// existential clock: without this overload the call does not compile in a file that imports
  /// Foundation.
  public func throttle(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: any Clock<Duration>,
    latest: Bool
  ) -> Self {
    func throttle<C: Clock<Duration>>(on clock: C) -> Self {
      throttled(id: id, for: interval, clock: clock, latest: latest)
    }
    return throttle(on: clock)
  }
}

/// How a throttle reads its clock, with the clock's types erased so the store can keep one table
/// of throttles.
package struct ThrottlePlan: Sendable {
  /// Whether the most recent (rather than the first) throttled effect runs at the interval's end.
  let latest: Bool
  /// The clock's type: the instants of two clock types cannot be compared.
  let clock: ObjectIdentifier
  /// The clock's type, for warnings.
  let clockName: String
  /// The clock's current instant.
  let now: @Sendable () -> any Sendable
  /// Whether an interval starting at the first instant has passed at the second.
  let isDue: @Sendable (any Sendable, any Sendable) -> Bool
  /// Sleeps until the interval starting at the given instant has passed.
  let sleepUntilDue: @Sendable (any Sendable) async throws -> Void
}
