#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Counts effects as they start, from any thread, and resumes a waiter when a given count is
/// reached: `effects.start.10000` waits on it, suspended, instead of spinning on the main actor
/// (which on a 2-core machine would take a core from the effects it waits for).
final class StartCounter: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  // Guarded by `mutex`.
  private var count = 0
  private var target = Int.max
  private var waiter: CheckedContinuation<Void, Never>?

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Sets the count back to zero, for the next round.
  func reset() {
    pthread_mutex_lock(mutex)
    count = 0
    target = .max
    pthread_mutex_unlock(mutex)
  }

  /// Counts one start.
  func increment() {
    pthread_mutex_lock(mutex)
    count += 1
    var resumed: CheckedContinuation<Void, Never>?
    if count == target {
      resumed = waiter
      waiter = nil
    }
    pthread_mutex_unlock(mutex)
    resumed?.resume()
  }

  /// Returns once `target` starts have been counted.
  func wait(until target: Int) async {
    await withCheckedContinuation { continuation in
      pthread_mutex_lock(mutex)
      if count >= target {
        pthread_mutex_unlock(mutex)
        continuation.resume()
      } else {
        self.target = target
        waiter = continuation
        pthread_mutex_unlock(mutex)
      }
    }
  }
}
