import Dispatch
import ReducerKit

/// The executor a ``TestStore`` runs effects on, and the waiting that makes tests deterministic.
///
/// Effects started by a TestStore prefer this task executor, so their non-isolated code runs here;
/// it counts the jobs it has queued or running. "Every effect has reached its next suspension"
/// is then observable: this executor is idle and the main actor has run what was queued for it.
/// `TestStore.send`, `receive` and `TestClock.advance` wait for that instead of sleeping.
///
/// The jobs run on the main queue, one at a time and in order, isolated to the main actor: under
/// a TestStore, effects and the store take turns on one thread. That makes tests deterministic,
/// and an effect's `await send(…)` needs no thread hop.
///
/// Task executors need macOS 15 / iOS 18 / tvOS 18 / watchOS 11. On the older systems the package
/// supports, a TestStore runs effects on the default executor and ``EffectSettling`` falls back
/// to yielding and polling (see there).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
package final class EffectExecutor: TaskExecutor, Sendable {
  // The queue and counters live in `state`, a lock box, so the class is plainly `Sendable`.
  private struct State {
    var jobs: [UnownedJob] = []
    var head = 0
    var pending = 0
    var enqueued: UInt64 = 0
  }

  private let state = Locked(State())

  /// The one executor all TestStores share.
  package static let shared = EffectExecutor()

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock {
      $0.jobs.append(job)
      $0.pending += 1
      $0.enqueued &+= 1
    }
    // Normally `settle()` runs the job, right where the test waits. If nothing settles (code that
    // awaits a store task directly), the main queue runs it.
    DispatchQueue.main.async {
      MainActor.assumeIsolated { _ = self.runQueuedJobs() }
    }
  }

  /// Runs the queued jobs, in order, on the main actor: each until its task suspends. Returns
  /// how many ran.
  @MainActor
  package func runQueuedJobs() -> Int {
    var count = 0
    while let job = state.withLock({ state -> UnownedJob? in
      guard state.head < state.jobs.count else { return nil }
      defer {
        state.head += 1
        if state.head == state.jobs.count {
          state.jobs.removeAll(keepingCapacity: true)
          state.head = 0
        }
      }
      return state.jobs[state.head]
    }) {
      job.runSynchronously(
        isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: asUnownedTaskExecutor())
      state.withLock { $0.pending -= 1 }
      count += 1
    }
    return count
  }

  /// Whether no job is queued or running, and how many were ever enqueued.
  package var snapshot: (isIdle: Bool, enqueued: UInt64) {
    state.withLock { ($0.pending == 0, $0.enqueued) }
  }
}

/// Waiting for effects, on the main actor.
@MainActor
package enum EffectSettling {
  /// Lets every effect run until it suspends: returns when the effect executor has been idle and
  /// nothing new was enqueued across a few turns of the main actor (which delivers effects'
  /// actions). Bounded: gives up after `limit` of wall-clock time spent busy.
  ///
  /// Before macOS 15 / iOS 18 (no task executors), effects run on the default executor: this then
  /// only yields the main actor a few times, and `receive`, `finish` and `TestStoreTask` rely on
  /// ``wait(timeout:until:)``'s polling instead.
  package static func settle(limit: Duration = .seconds(5)) async {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else {
      for _ in 0..<fallbackYields { await Task.yield() }
      return
    }
    let clock = ContinuousClock()
    let start = clock.now
    // Run effect jobs right here until none is left: each runs until its task suspends, and
    // may start or wake others (which are queued and run in this same loop).
    while EffectExecutor.shared.runQueuedJobs() > 0, clock.now - start < limit {}
  }

  /// How many times ``settle(limit:)`` yields where there is no effect executor to drain.
  static let fallbackYields = 16

  /// Waits until `condition` holds or `timeout` of idle waiting has passed; returns whether it
  /// holds. Time spent while effects are busy does not count against the timeout, so a slow
  /// machine does not make a test fail.
  package static func wait(
    timeout: Duration, until condition: @MainActor () -> Bool
  ) async -> Bool {
    let clock = ContinuousClock()
    var waited = Duration.zero
    var hasYielded = false
    while true {
      await settle()
      if condition() { return true }
      if !hasYielded {
        // Work an effect queued on the main actor itself (after a `Task.yield()`, say) runs
        // on this turn.
        hasYielded = true
        await Task.yield()
        continue
      }
      if waited >= timeout { return false }
      let slice = min(.milliseconds(1), timeout - waited)
      let start = clock.now
      try? await Task.sleep(for: slice)
      waited += min(clock.now - start, slice * 4)
    }
  }
}
