import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether the calling thread is the main thread, cheaply: asked of Foundation once per thread,
/// then read from a thread-local slot. (`Thread.isMainThread` makes two system calls on Linux,
/// `gettid` and `getpid`, each time: the largest cost of a shared value's change.)
///
/// Invariants:
/// - The slot holds `nil` (not asked yet on this thread), the bit pattern 1 (the main thread) or
///   2 (another): never a pointer anything dereferences.
/// - The key is created once, by a `static let`'s thread-safe lazy initialization, and never
///   deleted, so every thread's slot stays valid for the life of the process.
package enum MainThreadCheck {
  #if !canImport(Darwin)
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()
  #endif

  /// Whether this is the main thread.
  package static var isMainThread: Bool {
    #if canImport(Darwin)
    pthread_main_np() != 0
    #else
    if let slot = pthread_getspecific(key) { return Int(bitPattern: slot) == 1 }
    let isMain = Thread.isMainThread
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: isMain ? 1 : 2))
    return isMain
    #endif
  }
}
