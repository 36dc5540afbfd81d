import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The platform's file notifications behind one small interface: ``watch(_:onChange:)`` calls
/// its closure whenever the file may have changed. On Linux, `inotify` (one instance and one
/// reading thread for the process); on Apple platforms, a `DispatchSource` per watched file.
///
/// The folder is watched, not the file: an atomic write replaces the file with a new one (a
/// rename), which a watch of the old file would not see. The folder is created if it is
/// missing, so a file that does not exist yet can be watched.
enum FileWatcher {
  /// Calls `onChange` (on a background thread) after every change to the file at `url`, until
  /// the subscription is cancelled.
  static func watch(_ url: URL, onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    let folder = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    #if canImport(Glibc)
    guard let notifications = InotifyNotifications.shared else {
      runtimeWarn(
        """
        Changes to \(url.path) made by other processes are not seen: the system refused an \
        inotify instance.
        """)
      return SharedSubscription {}
    }
    return notifications.watch(folder: folder.path, name: url.lastPathComponent, onChange)
    #elseif canImport(Darwin)
    return DispatchSourceNotifications.watch(folder: folder.path, onChange)
    #else
    return SharedSubscription {}
    #endif
  }
}

#if canImport(Glibc)
/// The process's inotify instance, its table of watchers and the thread that reads its events.
private final class InotifyNotifications: Sendable {
  static let shared = InotifyNotifications()

  private let instance: Inotify.Instance
  private let table = Locked(FileWatchTable<Int32, @Sendable () -> Void>())

  private init?() {
    guard let instance = Inotify.Instance() else { return nil }
    self.instance = instance
    let thread = Thread { [instance, table] in
      while true {
        for event in instance.readEvents() {
          Self.deliver(event, table: table)
        }
      }
    }
    thread.name = "ReducerKit file notifications"
    thread.start()
  }

  private static func deliver(
    _ event: Inotify.Event, table: Locked<FileWatchTable<Int32, @Sendable () -> Void>>
  ) {
    let callbacks: [@Sendable () -> Void]
    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
      // Events were dropped: every watcher re-reads its file.
      callbacks = table.withLock { $0.allCallbacks }
    } else if event.mask & UInt32(IN_IGNORED) != 0 {
      // The folder went away (its files' deletions came first) or its watch was removed.
      _ = table.withLock { $0.folderWentAway(event.watch) }
      callbacks = []
    } else {
      callbacks = table.withLock { $0.callbacks(watch: event.watch, name: event.name) }
    }
    for callback in callbacks { callback() }
  }

  func watch(
    folder: String, name: String, _ onChange: @escaping @Sendable () -> Void
  ) -> SharedSubscription {
    let token: UInt64? = table.withLock { table in
      guard let watch = instance.addWatch(folder: folder) else { return nil }
      return table.add(onChange, name: name, watch: watch)
    }
    guard let token else {
      runtimeWarn(
        """
        Changes to \(folder)/\(name) made by other processes are not seen: the folder cannot be \
        watched (\(String(cString: strerror(errno)))).
        """)
      return SharedSubscription {}
    }
    return SharedSubscription { [instance, table] in
      table.withLock { table in
        if let watch = table.remove(token) { instance.removeWatch(watch) }
      }
    }
  }
}
#endif

#if canImport(Darwin)
/// A `DispatchSource` on the folder's descriptor: told when the folder's entries change (a
/// file written by rename, added or deleted). Written against Apple's documented API; it is not
/// built by this project's Linux CI.
private enum DispatchSourceNotifications {
  static func watch(
    folder: String, _ onChange: @escaping @Sendable () -> Void
  ) -> SharedSubscription {
    let descriptor = open(folder, O_EVTONLY)
    guard descriptor >= 0 else { return SharedSubscription {} }
    let source = DispatchSource.makeFileSystemObjectSource(
      fileDescriptor: descriptor, eventMask: [.write, .delete, .rename, .extend],
      queue: .global(qos: .utility))
    source.setEventHandler(handler: onChange)
    source.setCancelHandler { close(descriptor) }
    source.resume()
    let cancellable = UncheckedSendable(source)
    return SharedSubscription { cancellable.value.cancel() }
  }
}
#endif
