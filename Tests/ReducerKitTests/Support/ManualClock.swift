import Foundation

@testable import ReducerKit

/// A clock that moves only when told, for the reliability tests: like `TestClock`, a sleep waits
/// for the ``advance(by:)`` that reaches its deadline; unlike it (see `StressTests`), a sleep
/// whose task is cancelled at any moment, even while it is starting to sleep, always ends with
/// `CancellationError`.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol, Hashable, Sendable {
    var offset: Duration

    func advanced(by duration: Duration) -> Self { Instant(offset: offset + duration) }
    func duration(to other: Self) -> Duration { other.offset - offset }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: UnsafeContinuation<Void, any Error>
  }

  private struct Table {
    var now = Instant(offset: .zero)
    var nextID: UInt64 = 0
    var sleepers: [UInt64: Sleeper] = [:]
    /// Sleeps cancelled before they were registered: they end as soon as they try.
    var cancelledEarly: Set<UInt64> = []
  }

  private let table = Locked(Table())

  var now: Instant { table.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// How many sleeps are waiting.
  var sleeperCount: Int { table.withLock { $0.sleepers.count } }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = table.withLock { table -> UInt64 in
      table.nextID += 1
      return table.nextID
    }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Void, any Error>) in
        let outcome = table.withLock { table -> Bool? in
          if table.cancelledEarly.remove(id) != nil { return false }
          if deadline < table.now { return true }
          table.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return nil
        }
        switch outcome {
        case true?: continuation.resume()
        case false?: continuation.resume(throwing: CancellationError())
        case nil: break
        }
      }
    } onCancel: {
      let sleeper = table.withLock { table -> Sleeper? in
        if let sleeper = table.sleepers.removeValue(forKey: id) { return sleeper }
        // Not registered yet (or already woken): a sleep that starts later ends at once.
        table.cancelledEarly.insert(id)
        return nil
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration` and wakes every sleep that became due.
  func advance(by duration: Duration) {
    let due = table.withLock { table -> [Sleeper] in
      table.now = table.now.advanced(by: duration)
      let now = table.now
      let due = table.sleepers.filter { $0.value.deadline <= now }
      for id in due.keys { table.sleepers[id] = nil }
      return Array(due.values)
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}
