import ReducerKit

/// A clock whose time moves only when a test says so: test an hour of timers instantly.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Feature.State()) {
///   Feature()
/// } withDependencies: {
///   $0.continuousClock = clock
/// }
/// await store.send(.startTimer)
/// await clock.advance(by: .seconds(3600))
/// await store.receive(.timerFired)
/// ```
///
/// ``advance(by:)`` resumes exactly the sleepers that are due, in order of their deadlines, and
/// lets the effects they wake run to their next suspension before it returns, so a test can
/// `advance` and then `receive` without sleeping.
public final class TestClock: Clock, Sendable {
  // All mutable state is in `state`, a lock box, so the class is plainly `Sendable`.

  /// A point in a test clock's time: an offset from when the clock was created.
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

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: UnsafeContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    /// Sleeps cancelled before they registered a sleeper (a cancellation between the check
    /// and the registration): they throw instead of registering.
    var cancelledEarly: Set<UInt64> = []
  }

  private let state = Locked(State())

  /// Creates a clock at time zero.
  public init() {}

  /// The current time of this clock.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest step the clock distinguishes: none.
  public var minimumResolution: Duration { .zero }

  /// Suspends until the clock has been advanced to `deadline`, or throws `CancellationError`
  /// when the sleeping task is cancelled.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
  /// ```
  ///
  /// A sleep whose deadline is not before ``now`` waits for the ``advance(by:)`` (or
  /// ``run(maximum:)``) that reaches it, so `sleep(for: .zero)` waits for the next `advance`, as
  /// with swift-clocks' `TestClock`. A deadline already in the past returns at once.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    // A cancellation that came after the sleep had registered or returned leaves nothing behind.
    defer { state.withLock { _ = $0.cancelledEarly.remove(id) } }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { continuation in
        enum Outcome { case due, cancelled, sleeping }
        let outcome = state.withLock { state -> Outcome in
          if state.cancelledEarly.remove(id) != nil { return .cancelled }
          if deadline < state.now { return .due }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return .sleeping
        }
        switch outcome {
        case .due: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .sleeping: break
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          // Not registered yet: the sleep throws when it gets there (or already returned).
          state.cancelledEarly.insert(id)
          return nil
        }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking the sleepers that become due, in order.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// ```
  ///
  /// Each woken effect runs to its next suspension (including sleeping again on this clock,
  /// which is woken in the same call if due) before the next one is woken and before this
  /// method returns.
  @MainActor
  public func advance(by duration: Duration = .zero) async {
    let end = now.advanced(by: duration)
    await EffectSettling.settle()
    await yieldToOtherTasks()
    while let sleeper = state.withLock({ state -> Sleeper? in
      guard
        let index = state.sleepers.indices
          .filter({ state.sleepers[$0].deadline <= end })
          .min(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline })
      else { return nil }
      let sleeper = state.sleepers.remove(at: index)
      state.now = max(state.now, sleeper.deadline)
      return sleeper
    }) {
      let sleepsBefore = state.withLock { $0.nextID }
      sleeper.continuation.resume()
      await EffectSettling.settle()
      await yieldToOtherTasks(untilASleepStartedAfter: sleepsBefore)
    }
    state.withLock { $0.now = max($0.now, end) }
    await EffectSettling.settle()
  }

  /// Effects under a TestStore run to their next suspension in `settle()`; tasks on other
  /// executors (a plain `Task` in a test) get a few turns of the main actor to get there.
  @MainActor
  private func yieldToOtherTasks() async {
    for _ in 0..<3 { await Task.yield() }
  }

  /// After waking a sleeper: turns of the main actor until the woken code started another
  /// sleep on this clock (a timer re-arming, a loop sleeping again), or a bounded number of
  /// them when it does not. A plain `Task` woken here may hop executors several times before
  /// it sleeps again, more often than three turns allow in an optimised build.
  @MainActor
  private func yieldToOtherTasks(untilASleepStartedAfter sleepsBefore: UInt64) async {
    await yieldToOtherTasks()
    for _ in 0..<Self.turnsForAWokenTask where state.withLock({ $0.nextID }) == sleepsBefore {
      await Task.yield()
    }
  }

  /// The most turns of the main actor ``advance(by:)`` gives a woken sleeper that does not sleep
  /// again: enough for a few executor hops, few enough that waking thousands stays fast.
  private static let turnsForAWokenTask = 64

  /// Moves time forward to `deadline`.
  ///
  /// ```swift
  /// await clock.advance(to: clock.now.advanced(by: .seconds(5)))
  /// ```
  @MainActor
  public func advance(to deadline: Instant) async {
    await advance(by: now.duration(to: deadline))
  }

  /// Advances the clock until no sleeper is left, for effects that must run to completion.
  ///
  /// ```swift
  /// await clock.run()
  /// ```
  ///
  /// Gives up after `maximum` of clock time (a timer that re-arms forever would never leave).
  @MainActor
  public func run(maximum: Duration = .seconds(86_400 * 365)) async {
    let limit = now.advanced(by: maximum)
    await EffectSettling.settle()
    await yieldToOtherTasks()
    while let next = state.withLock({ $0.sleepers.map(\.deadline).min() }), next <= limit {
      await advance(to: next)
    }
  }

  /// How many sleepers are waiting (for tests of the clock itself).
  package var sleeperCount: Int { state.withLock { $0.sleepers.count } }
}
