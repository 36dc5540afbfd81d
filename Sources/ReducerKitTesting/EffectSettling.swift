import Dispatch
import ReducerKit

/// The executor a ``TestStore`` runs effects on, and the waiting that makes tests deterministic.
///
/// Effects started by a TestStore prefer this task executor, so their non-isolated code runs here;
/// it counts the jobs it has queued or running. "Every effect has reached its next suspension"
/// is then observable: this executor is idle and the main actor has run what was queued for it.
/// `TestStore.send`, `receive` and `TestClock.advance` wait for that instead of sleeping.
package final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  // `@unchecked Sendable`: the counters are guarded by `counts`; the queue is thread-safe.
  private struct Counts {
    var pending = 0
    var enqueued: UInt64 = 0
  }

  private let counts = Locked(Counts())
  private let queue = DispatchQueue(label: "ReducerKitTesting.effects")

  /// The one executor all TestStores share.
  package static let shared = EffectExecutor()

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    counts.withLock {
      $0.pending += 1
      $0.enqueued &+= 1
    }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.counts.withLock { $0.pending -= 1 }
    }
  }

  /// Whether no job is queued or running, and how many were ever enqueued.
  package var snapshot: (isIdle: Bool, enqueued: UInt64) {
    counts.withLock { ($0.pending == 0, $0.enqueued) }
  }
}

/// Waiting for effects, on the main actor.
@MainActor
package enum EffectSettling {
  /// Lets every effect run until it suspends: returns when the effect executor has been idle and
  /// nothing new was enqueued across a few turns of the main actor (which delivers effects'
  /// actions). Bounded: gives up after `limit` of wall-clock time spent busy.
  package static func settle(limit: Duration = .seconds(5)) async {
    let clock = ContinuousClock()
    let start = clock.now
    var quietTurns = 0
    while quietTurns < 3, clock.now - start < limit {
      let before = EffectExecutor.shared.snapshot
      await Task.yield()
      let after = EffectExecutor.shared.snapshot
      if before.isIdle, after.isIdle, before.enqueued == after.enqueued {
        quietTurns += 1
      } else {
        quietTurns = 0
      }
    }
  }

  /// Waits until `condition` holds or `timeout` of idle waiting has passed; returns whether it
  /// holds. Time spent while effects are busy does not count against the timeout, so a slow
  /// machine does not make a test fail.
  package static func wait(
    timeout: Duration, until condition: @MainActor () -> Bool
  ) async -> Bool {
    let clock = ContinuousClock()
    var waited = Duration.zero
    while true {
      await settle()
      if condition() { return true }
      if waited >= timeout { return false }
      let slice = min(.milliseconds(1), timeout - waited)
      let start = clock.now
      try? await Task.sleep(for: slice)
      waited += min(clock.now - start, slice * 4)
    }
  }
}
