extension DependencyValues {
  /// The clock that keeps counting while the system sleeps, for timers and delays.
  ///
  /// Live, it is a `ContinuousClock`. In tests, it reports when it is used (its test value is
  /// unimplemented): override it with a test clock to control time.
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
  /// Live, it is a `SuspendingClock`. In tests, it reports when it is used (its test value is
  /// unimplemented): override it with a test clock to control time.
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
  static var liveValue: any Clock<Duration> { ContinuousClock() }
  static var testValue: any Clock<Duration> { UnimplementedClock(property: "continuousClock") }
}

private enum SuspendingClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { SuspendingClock() }
  static var testValue: any Clock<Duration> { UnimplementedClock(property: "suspendingClock") }
}

/// The test value of the built-in clocks: it reports, the first time it is used, that the test
/// did not provide a clock, then behaves like an immediate clock so the test does not hang.
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
  private let current = Locked(Instant(offset: .zero))

  var now: Instant {
    reportUnimplemented(property, operation: "now", example: "TestClock()", reported: reported)
    return current.withLock { $0 }
  }

  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    reportUnimplemented(property, operation: "sleep", example: "TestClock()", reported: reported)
    try Task.checkCancellation()
    current.withLock { $0 = Swift.max($0, deadline) }
  }
}
