extension Clock where Duration == Swift.Duration {
  /// Returns an asynchronous sequence that ticks every `interval` on this clock, until the task
  /// iterating it is cancelled.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  ///
  /// case .startTimer:
  ///   return .run { send in
  ///     for await _ in clock.timer(interval: .seconds(1)) {
  ///       await send(.tick)
  ///     }
  ///   }
  ///   .cancellable(id: CancelID.timer)
  /// ```
  ///
  /// It works on the `any Clock<Duration>` of a dependency as well as on a concrete clock, so a
  /// test drives it with a `TestClock`: advancing by three intervals delivers three ticks.
  ///
  /// The timer starts when iteration starts; tick *k* is due at start + *k* · `interval` on this
  /// clock, so ticks do not drift when the loop body takes time (a tick that is already due when
  /// the body returns is delivered at once). A non-positive interval is a mistake: it is reported
  /// with a runtime warning and the timer ends without ticking.
  ///
  /// - Parameters:
  ///   - interval: The time between ticks; must be positive.
  ///   - tolerance: The tolerance passed to each of the clock's sleeps.
  /// - Returns: A sequence of the time elapsed on this clock since the timer started, one value
  ///   per tick.
  public func timer(interval: Duration, tolerance: Duration? = nil) -> ClockTimer {
    if interval <= .zero {
      runtimeWarn("clock.timer(interval: \(interval)): the interval must be positive; not ticking")
    }
    return ClockTimer(clock: self, interval: interval, tolerance: tolerance)
  }
}

/// The ticks of a clock's timer: the sequence ``_Concurrency/Clock/timer(interval:tolerance:)``
/// returns.
///
/// Each element is the time elapsed on the clock since the timer started. The sequence ends when
/// the task iterating it is cancelled. Its type does not depend on the clock's, so it can be made
/// from an `any Clock<Duration>`.
///
/// ```swift
/// for await elapsed in clock.timer(interval: .seconds(1)) {
///   print("\(elapsed) since the start")
/// }
/// ```
public struct ClockTimer: AsyncSequence, Sendable {
  /// The time elapsed on the clock since the timer started.
  public typealias Element = Duration

  /// Makes a fresh schedule for each iteration, keeping the clock's type out of this one.
  private let makeSchedule: @Sendable () -> any TimerSchedule

  init<C: Clock>(clock: C, interval: Duration, tolerance: Duration?) where C.Duration == Duration {
    makeSchedule = {
      Schedule(
        clock: clock, interval: interval, tolerance: tolerance, isFinished: interval <= .zero)
    }
  }

  /// Returns an iterator whose timer starts at its first `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(schedule: makeSchedule())
  }

  /// Waits for the ticks of a ``ClockTimer``.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    private var schedule: any TimerSchedule

    fileprivate init(schedule: any TimerSchedule) {
      self.schedule = schedule
    }

    /// Waits for the next tick and returns the time elapsed since the timer started, or returns
    /// `nil` once the task is cancelled.
    public mutating func next() async -> Duration? {
      await schedule.next()
    }
  }
}

/// The ticking of one iteration of a timer, over some clock.
private protocol TimerSchedule: Sendable {
  mutating func next() async -> Duration?
}

/// Ticks at `start + k * interval` on `clock`, where `start` is the time of the first `next()`.
private struct Schedule<C: Clock>: TimerSchedule where C.Duration == Duration {
  let clock: C
  let interval: Duration
  let tolerance: Duration?
  var isFinished: Bool
  var start: C.Instant?
  var ticks: Int64 = 0

  init(clock: C, interval: Duration, tolerance: Duration?, isFinished: Bool) {
    self.clock = clock
    self.interval = interval
    self.tolerance = tolerance
    self.isFinished = isFinished
  }

  mutating func next() async -> Duration? {
    guard !isFinished else { return nil }
    let start = self.start ?? clock.now
    self.start = start
    ticks += 1
    do {
      // From the start, not from the last tick, so time spent between ticks does not add up.
      try await clock.sleep(until: start.advanced(by: interval * ticks), tolerance: tolerance)
    } catch {
      isFinished = true
      return nil
    }
    return start.duration(to: clock.now)
  }
}
