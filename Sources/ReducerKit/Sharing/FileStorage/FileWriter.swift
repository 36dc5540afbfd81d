import Foundation

/// Writes one `.fileStorage` file as ``FileWriteSchedule`` says: on the clock that was in force
/// when the key was made, or at once for an in-memory file system.
///
/// A held change's save continuation is resumed when its data is written (or superseded by a
/// later change, which is then the one written), so a failed trailing write still sets
/// `saveError`.
///
/// It also remembers the file's contents as this key last read and wrote them (``KnownFile``),
/// so that a change notification for one of its own writes is not loaded again.
final class FileWriter: Sendable {
  struct Pending {
    let data: Data
    let continuation: SaveContinuation
    /// Its place among the changes: a write never replaces a newer change's data.
    let generation: UInt64
  }

  private let schedule = Locked(FileWriteSchedule<Pending>())
  /// The file as this key last read and wrote it.
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
    let pending = Pending(data: data, continuation: continuation, generation: nextGeneration())
    guard !storage.writesAtOnce else { return write(pending) }
    switch schedule.withLock({ $0.change(pending) }) {
    case .writeNowAndStartTimer:
      write(pending)
      startQuietPeriod()
    case .held(let superseded):
      superseded?.continuation.resume()
    }
  }

  /// `save()`: writes `data` now, in place of any held change (which it supersedes).
  ///
  /// It never goes through the schedule, so nothing can take it from there unwritten (a
  /// change someone else made drops only a held change, not one a `save()` asked for).
  func saveNow(_ data: Data, continuation: SaveContinuation) {
    let pending = Pending(data: data, continuation: continuation, generation: nextGeneration())
    schedule.withLock { $0.flush() }?.continuation.resume()
    write(pending)
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

  /// Begins a read of the file (a load's or a change notification's): see ``KnownFile``.
  func beginRead() -> KnownFile.ReadToken? {
    known.withLock { $0.beginRead() }
  }

  /// Notes the contents a load read.
  func loaded(_ data: Data?, since token: KnownFile.ReadToken?) {
    known.withLock { $0.loaded(data, since: token) }
  }

  /// Notes that the contents just read do not decode, so that they are moved aside before
  /// anything is written in their place.
  func foundUndecodable(reason: String) {
    known.withLock { $0.undecodable = reason }
  }

  /// What a read after a change notification found (see ``KnownFile``). When it is a change
  /// someone else made, a held write is dropped: the file's new contents are the value now,
  /// and writing the older change would undo them.
  func readAfterChange(
    _ data: Data?, since token: KnownFile.ReadToken?
  )
    -> KnownFile.ReadAfterChange
  {
    let found = known.withLock { $0.readAfterChange(data, since: token) }
    if found == .changed, let held = schedule.withLock({ $0.flush() }) {
      held.continuation.resume()
    }
    return found
  }

  /// What reads the file again when a change notification came while this key was writing: one
  /// entry per subscription of the key (a key's copies share their writer, and one may be
  /// subscribed to by a root while an older root's subscription ends).
  private let readsAgain = Locked(ReadsAgain())

  private struct ReadsAgain {
    var bodies: [UInt64: @Sendable () -> Void] = [:]
    var lastToken: UInt64 = 0
  }

  /// Runs `body` when a change notification came while this key was writing, until
  /// ``stopReadingAgain(_:)`` with the token returned.
  func readAgain(with body: @escaping @Sendable () -> Void) -> UInt64 {
    readsAgain.withLock { readsAgain in
      readsAgain.lastToken += 1
      readsAgain.bodies[readsAgain.lastToken] = body
      return readsAgain.lastToken
    }
  }

  /// Stops what ``readAgain(with:)`` started, leaving the others.
  func stopReadingAgain(_ token: UInt64) {
    _ = readsAgain.withLock { $0.bodies.removeValue(forKey: token) }
  }

  /// Moves the undecodable file to a `.corrupt-…` name beside it and says so, with what the
  /// value is now.
  func moveAside(reason: String, valueIs value: String) -> FileStorageError {
    let stamp = Int(Date().timeIntervalSince1970)
    let aside = url.deletingLastPathComponent().appending(
      component: "\(url.lastPathComponent).corrupt-\(stamp)-\(UInt16.random(in: .min ... .max))")
    known.withLock { $0.movedAside() }  // so the move's own notification is not a deletion
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
    var notifiedDuringWrite = false
    let result: Result<Void, any Error> = newestWritten.withLock { newest in
      guard pending.generation > newest else { return .success(()) }
      newest = pending.generation
      let result = Result { try writeNow(pending) }
      notifiedDuringWrite = known.withLock { $0.didWrite(succeeded: (try? result.get()) != nil) }
      return result
    }
    if notifiedDuringWrite {
      for readAgain in readsAgain.withLock({ $0.bodies.values }) { readAgain() }
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
    // Noted before the write: its notification may come (and read the file) before the write
    // returns.
    known.withLock { $0.willWrite(pending.data) }
    try storage.write(pending.data, url)
  }
}
