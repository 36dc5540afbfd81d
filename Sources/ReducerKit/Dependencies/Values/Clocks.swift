extension DependencyValues {
  /// The clock that keeps counting while the system sleeps, for timers and delays.
  ///
  /// Live, it is a `ContinuousClock` whose `sleep` frees its memory as soon as its task is
  /// cancelled (the standard library's keeps a cancelled sleep's task until the deadline). In
  /// tests, it reports when it is used (its test value is unimplemented): override it with a
  /// test clock to control time.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  ///
  /// return .run { send in
  ///   try await clock.sleep(for: .seconds(1))
  ///   await send(.tick)
  /// }
  /// ```
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// The clock that stops counting while the system sleeps.
  ///
  /// Live, it is a `SuspendingClock` whose `sleep` frees its memory as soon as its task is
  /// cancelled. In tests, it reports when it is used (its test value is unimplemented): override
  /// it with a test clock to control time.
  ///
  /// ```swift
  /// @Dependency(\.suspendingClock) var clock
  ///
  /// let start = clock.now
  /// ```
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { LiveClock(base: ContinuousClock()) }
  static var testValue: any Clock<Duration> { UnimplementedClock(property: "continuousClock") }
}

private enum SuspendingClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { LiveClock(base: SuspendingClock()) }
  static var testValue: any Clock<Duration> { UnimplementedClock(property: "suspendingClock") }
}

/// The test value of the built-in clocks: it reports, the first time it is used, that the test
/// did not provide a clock. Time never passes on it: a sleep waits until its task is cancelled
/// (then throws `CancellationError`), so the test ends with the report and the effect still
/// running, instead of hanging. (Returning from every sleep at once, as it did, made a timer
/// effect, `while true { try await clock.sleep(...); await send(.tick) }`, a loop that never
/// suspended: its `TestStore.send` never returned, at full CPU and with memory growing.)
struct UnimplementedClock: Clock {
  /// A point on the clock's own time line, which starts at zero.
  struct Instant: InstantProtocol {
    /// The time since the clock's start.
    var offset: Duration

    func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  /// The ``DependencyValues`` property the clock stands in for, named in the report.
  let property: String
  private let reported = Locked(false)

  /// What the test sees instead of a clock, said in the report (whichever use comes first: a
  /// `sleep(for:)` reads `now` before it sleeps).
  static let consequence =
    "Time never passes on it: its sleeps end only when their task is cancelled."

  /// The clock's start, always: no time passes on it.
  var now: Instant {
    reportUnimplemented(
      property, operation: "now", example: "TestClock()", reported: reported,
      consequence: Self.consequence)
    return Instant(offset: .zero)
  }

  var minimumResolution: Duration { .zero }

  /// Reports, then waits until the task is cancelled: the test gave no clock, so no time
  /// passes.
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    reportUnimplemented(
      property, operation: "sleep", example: "TestClock()", reported: reported,
      consequence: Self.consequence)
    try await Task.never()
  }
}
