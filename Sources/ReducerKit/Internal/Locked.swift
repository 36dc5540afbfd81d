#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value protected by a mutex.
///
/// This is the library's one lock primitive. It is `@unchecked Sendable` because every access to
/// `value` goes through ``withLock(_:)``, which holds the mutex for the whole access.
package final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// Unchecked for exclusivity: the mutex already makes every access exclusive (a nested
  /// `withLock` on the same lock blocks before it reaches the value), and the dynamic check was
  /// a runtime call on every acquisition.
  @exclusivity(unchecked)
  private var value: Value

  /// Creates a lock protecting `value`.
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
