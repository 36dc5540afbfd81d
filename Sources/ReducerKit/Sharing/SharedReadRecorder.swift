#if canImport(Darwin)
import Darwin
#endif
#if !canImport(Darwin)
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#endif

/// Which shared values a store's observer read: a store's field read (`store.count`) records
/// the roots its value read reached, so that the store is told of changes to those roots only
/// (``SharedChangeCenter/register(_:for:)``) and not of every shared change in the process.
///
/// Recording is on the main actor, for the length of one field read; a root's read on any
/// thread asks, cheaply, whether it is the thread recording now (the main actor may run on
/// another thread than the main one, as under Swift Testing on Linux).
///
/// ```swift
/// let wasRecording = SharedReadRecorder.begin()
/// let value = state[keyPath: keyPath]  // a `@Shared` field's read notes its root
/// runtime.observe(observer)            // takes the roots: registered for them
/// SharedReadRecorder.end(wasRecording)
/// ```
package enum SharedReadRecorder {
  /// Its state, where the runtime does not check each access for exclusivity. ``UncheckedFields``'
  /// invariants hold: every access is on the main actor (``begin()``, ``end(_:)``, ``take()``),
  /// or in ``noteRead(of:)`` on the thread that is running the main actor's recording now (the
  /// main thread on Apple platforms; the thread ``recordingThread`` names elsewhere), and none is
  /// held across a call. So it is never used by two threads at once; it is not `Sendable`, and
  /// the static that holds it is `nonisolated(unsafe)` for the one access off a `@MainActor`
  /// function (``noteRead(of:)``'s).
  private final class Recording: UncheckedFields<Recording.Fields> {
    struct Fields {
      var isRecording = false
      var roots: [AnyObject] = []
    }
    init() { super.init(unchecked: Fields()) }
  }

  private nonisolated(unsafe) static let recording = Recording()

  #if !canImport(Darwin)
  /// The thread recording now (`pthread_self`), or 0.
  private static let recordingThread = Atomic<UInt>(0)
  #endif

  /// Starts recording the roots read; returns whether a recording was already on (for ``end(_:)``).
  @MainActor package static func begin() -> Bool {
    let wasRecording = recording.unchecked.isRecording
    recording.unchecked.isRecording = true
    #if !canImport(Darwin)
    recordingThread.store(UInt(pthread_self()), ordering: .relaxed)
    #endif
    return wasRecording
  }

  /// Ends the recording ``begin()`` started, dropping what was not taken.
  @MainActor package static func end(_ wasRecording: Bool) {
    guard !wasRecording else { return }
    recording.unchecked.isRecording = false
    if !recording.unchecked.roots.isEmpty { recording.unchecked.roots.removeAll() }
    #if !canImport(Darwin)
    recordingThread.store(0, ordering: .relaxed)
    #endif
  }

  /// A root's value was read, on any thread: noted if this is the recording thread.
  @inline(__always)
  static func noteRead(of root: AnyObject) {
    #if canImport(Darwin)
    // The main actor is the main thread here.
    guard pthread_main_np() != 0, recording.unchecked.isRecording else { return }
    #else
    let thread = recordingThread.load(ordering: .relaxed)
    guard thread != 0, thread == UInt(pthread_self()) else { return }
    #endif
    note(root)
  }

  /// On the recording thread, within the recording.
  private static func note(_ root: AnyObject) {
    guard recording.unchecked.isRecording else { return }
    if let last = recording.unchecked.roots.last, last === root { return }
    recording.unchecked.roots.append(root)
  }

  /// The roots read since the recording began (taken), or `nil` when nothing is recording: the
  /// read was made some other way, so which roots it reached is not known.
  @MainActor package static func take() -> [AnyObject]? {
    guard recording.unchecked.isRecording else { return nil }
    guard !recording.unchecked.roots.isEmpty else { return [] }
    defer { recording.unchecked.roots.removeAll(keepingCapacity: true) }
    return recording.unchecked.roots
  }
}
