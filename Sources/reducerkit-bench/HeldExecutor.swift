import ReducerKit

/// A task executor that keeps the jobs enqueued on it until ``runHeldJobs()``: tasks started on it
/// are created and enqueued, and nothing runs until the bench says so, on the thread that asks.
///
/// It takes the operating system's threads out of the `*.held.*` cases: what one of them times is
/// the work of starting tasks on the calling thread alone, which `valgrind --tool=callgrind` can
/// count (it stops at the first worker thread on this machine), so the instructions a started
/// effect costs can be set against those of a bare task started the same way.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class HeldExecutor: TaskExecutor, Sendable {
  private let jobs = Locked<[UnownedJob]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
  }

  /// Runs the held jobs, and those they enqueue, until none is left; each until its task
  /// suspends or ends.
  func runHeldJobs() {
    while true {
      let batch = jobs.withLock { jobs -> [UnownedJob] in
        defer { jobs.removeAll(keepingCapacity: true) }
        return jobs
      }
      if batch.isEmpty { return }
      for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
  }
}
