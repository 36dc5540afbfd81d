import Dispatch

/// The live value of the clock dependencies: a system clock (`ContinuousClock`,
/// `SuspendingClock`) whose `sleep` frees everything it holds as soon as its task is cancelled.
///
/// The standard library's `Task.sleep` (which the system clocks' `sleep` calls) keeps a cancelled
/// sleeping task's memory, about 700 bytes, until the deadline it was sleeping for: its timer
/// still holds the task. An app whose effects sleep for long and are cancelled early (a row's
/// timer, a polling loop, a debounce) grows by that much per cancellation for as long as the
/// deadlines are away (measured: a list that adds two rows and removes one per step, each row
/// sleeping for an hour, grew by 1.4 KB a step). This clock sleeps on a Dispatch timer that a
/// cancellation cancels, which releases it at once.
///
/// Its `now`, `minimumResolution` and instants are the base clock's, and it never returns before
/// the deadline on the base clock: a timer that ends early (the wall clock a `ContinuousClock`
/// sleep is timed on was set forward) sleeps again for what remains. A `ContinuousClock` sleep is
/// timed on the wall clock, which keeps counting while the system sleeps, as that clock does; a
/// `SuspendingClock` sleep on the uptime clock, which stops, as that clock does.
struct LiveClock<Base: Clock<Duration>>: Clock {
  let base: Base

  var now: Base.Instant { base.now }

  var minimumResolution: Duration { base.minimumResolution }

  /// Sleeps until `deadline`, or throws `CancellationError` as soon as the task is cancelled.
  func sleep(until deadline: Base.Instant, tolerance: Duration?) async throws {
    let countsWhileAsleep = Base.self == ContinuousClock.self
    while true {
      let delay = base.now.duration(to: deadline)
      guard delay > .zero else {
        try Task.checkCancellation()
        return
      }
      let sleeper = DispatchSleeper()
      try await withTaskCancellationHandler {
        try await withUnsafeThrowingContinuation { continuation in
          sleeper.start(
            continuation, after: delay, leeway: tolerance, countsWhileAsleep: countsWhileAsleep)
        }
      } onCancel: {
        sleeper.cancel()
      }
    }
  }
}

/// What a sleeper does next, as a pure state machine: a sleep is started once, and ends once,
/// by its timer firing or by a cancellation, whichever comes first (a cancellation may come
/// before the start, from the task's cancellation handler).
enum SleeperState<Continuation> {
  /// Not started, not cancelled.
  case idle
  /// Waiting for the timer; holds what to resume.
  case sleeping(Continuation)
  /// Cancelled before it started: the start resumes at once, throwing.
  case cancelled
  /// Ended: resumed once, nothing left to do.
  case ended

  /// What a transition asks the caller to do (outside the lock).
  enum Command {
    case none
    /// Schedule the timer.
    case schedule
    /// Resume `Continuation` normally (the timer fired).
    case resume(Continuation)
    /// Resume `Continuation` with `CancellationError`, and cancel the timer if one runs.
    case resumeCancelled(Continuation)
  }

  /// The sleep starts with `continuation`.
  mutating func start(_ continuation: Continuation) -> Command {
    switch self {
    case .idle:
      self = .sleeping(continuation)
      return .schedule
    case .cancelled:
      self = .ended
      return .resumeCancelled(continuation)
    case .sleeping, .ended:
      preconditionFailure("a sleeper is started once")
    }
  }

  /// The timer fired.
  mutating func fire() -> Command {
    guard case .sleeping(let continuation) = self else { return .none }
    self = .ended
    return .resume(continuation)
  }

  /// The task was cancelled.
  mutating func cancel() -> Command {
    switch self {
    case .idle:
      self = .cancelled
      return .none
    case .sleeping(let continuation):
      self = .ended
      return .resumeCancelled(continuation)
    case .cancelled, .ended:
      return .none
    }
  }
}

/// One `LiveClock` sleep: its state behind the library's lock, and the Dispatch timer that ends
/// it. Its state and its timer are only reached with the lock held (the timer is created, and
/// later cancelled, inside ``Locked/withLock(_:)``), so it is `Sendable` as the compiler checks.
final class DispatchSleeper: Sendable {
  typealias Continuation = UnsafeContinuation<Void, any Error>

  private struct Storage {
    var state = SleeperState<Continuation>.idle
    var timer: (any DispatchSourceTimer)?
  }

  private let storage = Locked(Storage())

  /// Starts the sleep: schedules the timer, or resumes at once if the task was cancelled first.
  ///
  /// With `countsWhileAsleep`, the timer is on the wall clock (which counts while the system
  /// sleeps), else on the uptime clock (which does not).
  func start(
    _ continuation: Continuation, after delay: Duration, leeway: Duration?,
    countsWhileAsleep: Bool
  ) {
    let command = storage.withLock { storage -> SleeperState<Continuation>.Command in
      let command = storage.state.start(continuation)
      if case .schedule = command {
        let timer = DispatchSource.makeTimerSource()
        let interval = DispatchTimeInterval.nanoseconds(Self.nanoseconds(delay))
        let leeway =
          leeway.map { DispatchTimeInterval.nanoseconds(Self.nanoseconds($0)) } ?? .nanoseconds(0)
        if countsWhileAsleep {
          timer.schedule(wallDeadline: .now() + interval, leeway: leeway)
        } else {
          timer.schedule(deadline: .now() + interval, leeway: leeway)
        }
        timer.setEventHandler { self.fire() }
        storage.timer = timer
        timer.resume()
      }
      return command
    }
    perform(command)
  }

  /// The task was cancelled: ends the sleep now and releases the timer.
  func cancel() {
    perform(storage.withLock { $0.state.cancel() })
  }

  private func fire() {
    perform(storage.withLock { $0.state.fire() })
  }

  /// Carries out a command outside the lock (resuming runs the task's code).
  private func perform(_ command: SleeperState<Continuation>.Command) {
    switch command {
    case .none, .schedule:
      return
    case .resume(let continuation):
      releaseTimer()
      continuation.resume()
    case .resumeCancelled(let continuation):
      releaseTimer()
      continuation.resume(throwing: CancellationError())
    }
  }

  /// Cancels the timer (a cancelled Dispatch source releases its handler) and forgets it.
  private func releaseTimer() {
    let timer = storage.withLock { storage -> (any DispatchSourceTimer)? in
      defer { storage.timer = nil }
      return storage.timer
    }
    timer?.cancel()
  }

  /// `duration` in whole nanoseconds, clamped to what Dispatch takes.
  private static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    let limit = Int64(Int.max / 1_000_000_000) - 1
    guard seconds < limit else { return Int.max }
    return Int(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
  }
}
