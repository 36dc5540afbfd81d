#if canImport(Glibc)
import Glibc

/// Linux's file notifications (`inotify(7)`), read as plain values: the only code that touches the
/// kernel's event records.
///
/// Invariants:
/// - An event record is a 16-byte header (`wd: Int32`, `mask: UInt32`, `cookie: UInt32`,
///   `len: UInt32`, in the machine's byte order) followed by `len` bytes of name, padded with NULs;
///   `MemoryLayout<inotify_event>.size == 16` is tested.
/// - A `read` returns whole records only (the kernel never splits one across reads), so a record
///   whose header or name runs past the bytes read means a corrupt buffer: parsing stops there
///   rather than reading beyond it.
/// - Every load is `loadUnaligned` from inside the buffer's bounds, checked before it is made.
package enum Inotify {
  /// One event: which watch it came from, what happened, and the name in the watched folder.
  package struct Event: Equatable, Sendable {
    package var watch: Int32
    package var mask: UInt32
    package var name: String

    package init(watch: Int32, mask: UInt32, name: String) {
      self.watch = watch
      self.mask = mask
      self.name = name
    }
  }

  /// The size of an event record's header.
  package static let headerSize = 16

  /// The events in `bytes`, as the kernel wrote them.
  package static func events(in bytes: [UInt8]) -> [Event] {
    bytes.withUnsafeBytes { buffer in
      var events: [Event] = []
      var offset = 0
      while offset + headerSize <= buffer.count {
        let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
        let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
        let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
        let nameStart = offset + headerSize
        guard nameStart + length <= buffer.count else { break }
        let nameBytes = buffer[nameStart..<nameStart + length].prefix { $0 != 0 }
        events.append(
          Event(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self)))
        offset = nameStart + length
      }
      return events
    }
  }

  /// The bytes of one event record: how the tests (and nothing else) make them.
  package static func record(watch: Int32, mask: UInt32, name: String) -> [UInt8] {
    var name = Array(name.utf8)
    if !name.isEmpty { name += Array(repeating: 0, count: 4 - name.count % 4) }
    var bytes: [UInt8] = []
    withUnsafeBytes(of: watch) { bytes += $0 }
    withUnsafeBytes(of: mask) { bytes += $0 }
    withUnsafeBytes(of: UInt32(0)) { bytes += $0 }
    withUnsafeBytes(of: UInt32(name.count)) { bytes += $0 }
    return bytes + name
  }

  /// An inotify instance: a file descriptor the kernel writes events to.
  package struct Instance: Sendable {
    let descriptor: Int32

    /// A new instance, or `nil` when the system refuses one (too many instances).
    package init?() {
      let descriptor = inotify_init1(Int32(IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      self.descriptor = descriptor
    }

    /// The events that change a folder's entries: a file written and closed, moved in or out
    /// (an atomic write's rename), or deleted.
    package static let entryChanges =
      UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)

    /// Starts watching `folder` for `entryChanges`; the watch's number, or `nil` if it failed
    /// (the folder does not exist, or the watch limit is reached).
    package func addWatch(folder: String) -> Int32? {
      let watch = inotify_add_watch(descriptor, folder, Self.entryChanges | UInt32(IN_ONLYDIR))
      return watch >= 0 ? watch : nil
    }

    /// Stops a watch.
    package func removeWatch(_ watch: Int32) {
      _ = inotify_rm_watch(descriptor, watch)
    }

    /// Waits for events and returns them (empty after an interrupted or failed read).
    package func readEvents() -> [Event] {
      var bytes = [UInt8](repeating: 0, count: 16 * 1024)
      let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return [] }
      return Inotify.events(in: Array(bytes[..<count]))
    }
  }
}
#endif
