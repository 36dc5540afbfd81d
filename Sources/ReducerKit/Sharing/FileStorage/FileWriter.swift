import Foundation

/// Writes one `.fileStorage` file as ``FileWriteSchedule`` says: on the clock that was in force
/// when the key was made, or at once for an in-memory file system.
///
/// A held change's save continuation is resumed when its data is written (or superseded by a
/// later change, which is then the one written), so a failed trailing write still sets
/// `saveError`.
final class FileWriter: Sendable {
  struct Pending {
    let data: Data
    let continuation: SaveContinuation
  }

  private let schedule = Locked(FileWriteSchedule<Pending>())
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
      write(Pending(data: data, continuation: continuation))
      return
    }
    let pending = Pending(data: data, continuation: continuation)
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

  private func write(_ pending: Pending) {
    do {
      try storage.write(pending.data, url)
      pending.continuation.resume()
    } catch {
      pending.continuation.resume(throwing: error)
    }
  }
}
