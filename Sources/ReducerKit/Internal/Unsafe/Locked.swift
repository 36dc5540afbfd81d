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
/// the value goes through ``withLock(_:)``, which holds the mutex for the whole access. Copies of
/// a `Locked` share one value and one mutex.
///
/// The value and the mutex are one allocation: a `ManagedBuffer` whose header is the value and
/// whose one element is the mutex (the layout Observation's own critical state uses). A lock is
/// made for every `Task.never()` and every store, so a second allocation for the mutex, and a
/// second block to free, cost on every effect that waits for its cancellation.
///
/// Invariants:
/// - The mutex is initialized (`pthread_mutex_init`) right after the buffer is created, before
///   the `Locked` is returned, and destroyed in the buffer's `deinit`, when no copy is left.
/// - Both are only reached through `withUnsafeMutablePointers`, inside the call (the buffer's
///   memory does not move while it lives), and the value only with the mutex held.
package struct Locked<Value>: @unchecked Sendable {
  /// Destroys the mutex when the last copy is gone (`ManagedBuffer` destroys the header, the
  /// value, itself; its elements are left to the subclass).
  private final class Buffer: ManagedBuffer<Value, pthread_mutex_t> {
    deinit {
      withUnsafeMutablePointerToElements { mutex in
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
      }
    }
  }

  private let buffer: ManagedBuffer<Value, pthread_mutex_t>

  /// Creates a lock protecting `value`.
  package init(_ value: Value) {
    buffer = Buffer.create(minimumCapacity: 1) { _ in value }
    buffer.withUnsafeMutablePointerToElements { mutex in
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    try buffer.withUnsafeMutablePointers { (value, mutex) throws(E) -> R in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value.pointee)
    }
  }
}
