import ReducerKit

/// A clock whose sleeps return at once, moving its time forward: for tests (and previews) that
/// do not care about time at all.
///
/// ```swift
/// let store = TestStore(initialState: Feature.State()) {
///   Feature()
/// } withDependencies: {
///   $0.continuousClock = ImmediateClock()
/// }
/// ```
///
/// A cancelled task's sleep throws `CancellationError`, like a real clock's.
public final class ImmediateClock: Clock, Sendable {
  // `current` is a lock box and the class has no other mutable state, so it is `Sendable`.

  /// A point in an immediate clock's time: an offset from when the clock was created.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock started.
    public let offset: Duration

    /// Creates an instant at `offset` from the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// This instant moved by `duration`.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let current = Locked(Instant())

  /// Creates a clock at time zero.
  public init() {}

  /// The current time: the latest deadline slept until.
  public var now: Instant { current.withLock { $0 } }

  /// The smallest step the clock distinguishes: none.
  public var minimumResolution: Duration { .zero }

  /// Returns at once, without suspending, moving the clock to `deadline`.
  ///
  /// ```swift
  /// try await clock.sleep(for: .seconds(60))  // returns immediately
  /// ```
  ///
  /// Not suspending is what lets a TestStore see an effect that only sleeps on this clock finish
  /// before `send` returns. (So a loop that does nothing but sleep on it never yields: give such a
  /// loop an end, or use a ``TestClock``.)
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
  }
}
