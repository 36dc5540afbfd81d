import Foundation

/// Writes one `.fileStorage` file as ``FileWriteSchedule`` says: on the clock that was in force
/// when the key was made, or at once for an in-memory file system.
///
/// A held change's save continuation is resumed when its data is written (or superseded by a
/// later change, which is then the one written), so a failed trailing write still sets
/// `saveError`.
///
/// It also remembers the file's contents as this key last wrote or read them, so that a change
/// notification for its own write is not loaded again.
final class FileWriter: Sendable {
  struct Pending {
    let data: Data
    let continuation: SaveContinuation
    /// Its place among the changes: a write never replaces a newer change's data.
    let generation: UInt64
  }

  private let schedule = Locked(FileWriteSchedule<Pending>())
  /// The file as this key last wrote or read it.
  private struct KnownFile {
    /// Its contents (`nil`: no file).
    var data: Data?
    /// Why its contents, read after a change notification, do not decode: they are moved
    /// aside before the next write.
    var undecodable: String?
  }

  private let known = Locked(KnownFile())
  private let url: URL
  private let storage: FileStorage
  private let clock: any Clock<Duration>

  init(url: URL, storage: FileStorage, clock: any Clock<Duration>) {
    self.url = url
    self.storage = storage
    self.clock = clock
  }

  /// The value changed: writes `data` now, or holds it for the end of the quiet period.
  func change(_ data: Data, continuation: SaveContinuation) {
    guard !storage.writesAtOnce else {
      write(Pending(data: data, continuation: continuation, generation: nextGeneration()))
      return
    }
    let pending = Pending(data: data, continuation: continuation, generation: nextGeneration())
    switch schedule.withLock({ $0.change(pending) }) {
    case .writeNowAndStartTimer:
      write(pending)
      startQuietPeriod()
    case .held(let superseded):
      superseded?.continuation.resume()
    }
  }

  /// Writes what is held now, synchronously.
  func flush() {
    if let pending = schedule.withLock({ $0.flush() }) { write(pending) }
  }

  private func startQuietPeriod() {
    Task { [weak self, clock] in
      while true {
        try? await clock.sleep(for: .seconds(1))
        guard let self else { return }
        guard let held = self.schedule.withLock({ $0.quietPeriodEnded() }) else { return }
        self.write(held)
      }
    }
  }

  /// Notes the contents a load read.
  func loaded(_ data: Data?) {
    known.withLock { $0 = KnownFile(data: data) }
  }

  /// Notes that the contents just read do not decode, so that they are moved aside before
  /// anything is written in their place.
  func foundUndecodable(reason: String) {
    known.withLock { $0.undecodable = reason }
  }

  /// Whether `data`, read after a change notification, is a change someone else made (not
  /// this key's own write). If it is, it becomes the known contents and a held write is
  /// dropped: the file's new contents are the value now, and writing the older change would
  /// undo them.
  func isExternalChange(_ data: Data?) -> Bool {
    let isExternal = known.withLock { known in
      guard known.data != data else { return false }
      known = KnownFile(data: data)
      return true
    }
    if isExternal, let held = schedule.withLock({ $0.flush() }) { held.continuation.resume() }
    return isExternal
  }

  /// Moves the undecodable file to a `.corrupt-…` name beside it and says so, with what the
  /// value is now.
  func moveAside(reason: String, valueIs value: String) -> FileStorageError {
    let stamp = Int(Date().timeIntervalSince1970)
    let aside = url.deletingLastPathComponent().appending(
      component: "\(url.lastPathComponent).corrupt-\(stamp)-\(UInt16.random(in: .min ... .max))")
    known.withLock { $0 = KnownFile() }  // so the move's own notification is not a deletion
    do {
      try storage.moveAside(url, aside)
    } catch let moveError {
      let failure = FileStorageError.corrupt(url: url, movedTo: nil, reason: reason)
      runtimeWarn("\(failure) Moving it aside failed too: \(moveError). The value is \(value).")
      return failure
    }
    let failure = FileStorageError.corrupt(url: url, movedTo: aside, reason: reason)
    runtimeWarn("\(failure) The value is \(value).")
    return failure
  }

  private let generations = Locked<UInt64>(0)

  private func nextGeneration() -> UInt64 {
    generations.withLock { generation in
      generation += 1
      return generation
    }
  }

  /// The generation of the newest data written, held while writing: writes happen one at a
  /// time (the quiet period's task and a `save()` may both write), and a write of older data
  /// that lost the race to a newer one is skipped instead of putting the old data back.
  private let newestWritten = Locked<UInt64>(0)

  private func write(_ pending: Pending) {
    let result: Result<Void, any Error> = newestWritten.withLock { newest in
      guard pending.generation > newest else { return .success(()) }
      newest = pending.generation
      return Result { try writeNow(pending) }
    }
    pending.continuation.resume(with: result)
  }

  private func writeNow(_ pending: Pending) throws {
    let undecodable = known.withLock { known in
      defer { known.undecodable = nil }
      return known.undecodable
    }
    if let undecodable {
      _ = moveAside(reason: undecodable, valueIs: "the one now written in its place")
    }
    known.withLock { $0.data = pending.data }
    try storage.write(pending.data, url)
  }
}
