/// One subscription's reloads of its file after change notifications: one at a time, so that
/// they finish in order.
///
/// Notifications come from the platform's watcher thread and from the key's own writes (one that
/// came during a write is read again when the write ends). Two reloads running at once could
/// finish out of order and leave the older contents as the value. A request made while a reload
/// runs — from another thread, or from inside it (the new value's observers changed the file) —
/// makes the running one read the file again when it ends (``FileReloadRequests``), so nothing
/// waits for itself.
final class FileReloads: Sendable {
  private let requests = Locked(FileReloadRequests())
  private let reload: @Sendable () -> Void

  /// Reloads that run `reload`.
  init(_ reload: @escaping @Sendable () -> Void) {
    self.reload = reload
  }

  /// Reloads the file now, or after the reload under way.
  func request() {
    guard requests.withLock({ $0.request() }) else { return }
    repeat { reload() } while requests.withLock { $0.finished() }
  }
}
