import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

/// A file kept in memory, written like the disk (coalesced), with a hook inside each write.
private final class MemoryFile: Sendable {
  let contents = Locked<Data?>(nil)
  let writes = Locked(0)
  /// Runs in a write before the data is stored.
  let duringWrite = Locked<(@Sendable () -> Void)?>(nil)

  var storage: FileStorage {
    FileStorage(
      identity: FileStorage.Identity(), writesAtOnce: false,
      read: { [contents] _ in contents.withLock { $0 } },
      write: { [contents, writes, duringWrite] data, _ in
        duringWrite.withLock { $0 }?()
        writes.withLock { $0 += 1 }
        contents.withLock { $0 = data }
      },
      moveAside: { [contents] _, _ in contents.withLock { $0 = nil } })
  }

  var text: String? { contents.withLock { $0 }.map { String(decoding: $0, as: UTF8.self) } }
}

/// Counts the saves resumed, and how.
private final class Saves: Sendable {
  let succeeded = Locked(0)
  let failed = Locked(0)

  func continuation() -> SaveContinuation {
    SaveContinuation("test") { [succeeded, failed] result in
      switch result {
      case .success: succeeded.withLock { $0 += 1 }
      case .failure: failed.withLock { $0 += 1 }
      }
    }
  }
}

@Suite struct FileWriterTests {
  let url = URL(filePath: "/app/count.json")

  @Test func saveNowWritesInPlaceOfTheHeldChangeAndEndsBoth() {
    let file = MemoryFile()
    let saves = Saves()
    let writer = FileWriter(url: url, storage: file.storage, clock: TestClock())
    writer.change(Data("1".utf8), continuation: saves.continuation())  // written at once
    writer.change(Data("2".utf8), continuation: saves.continuation())  // held
    #expect(saves.succeeded.withLock { $0 } == 1)
    writer.saveNow(Data("3".utf8), continuation: saves.continuation())
    #expect(file.text == "3")
    #expect(file.writes.withLock { $0 } == 2)
    #expect(saves.succeeded.withLock { $0 } == 3)
    writer.flush()  // nothing is held any more
    #expect(file.writes.withLock { $0 } == 2)
  }

  @Test func someoneElsesChangeDropsAHeldChange() {
    let file = MemoryFile()
    let saves = Saves()
    let writer = FileWriter(url: url, storage: file.storage, clock: TestClock())
    writer.change(Data("1".utf8), continuation: saves.continuation())
    writer.change(Data("2".utf8), continuation: saves.continuation())  // held
    file.contents.withLock { $0 = Data("9".utf8) }
    #expect(writer.readAfterChange(Data("9".utf8), since: writer.beginRead()) == .changed)
    #expect(saves.succeeded.withLock { $0 } == 2)
    writer.flush()
    #expect(file.text == "9")
  }

  @Test func aNotificationHandledDuringAWriteIsReadAgainOnceTheWriteEnds() {
    let file = MemoryFile()
    let saves = Saves()
    let writer = FileWriter(url: url, storage: file.storage, clock: TestClock())
    let readsAgain = Locked(0)
    _ = writer.readAgain { readsAgain.withLock { $0 += 1 } }
    file.duringWrite.withLock {
      $0 = { [file, writer] in
        let token = writer.beginRead()
        let found = writer.readAfterChange(file.contents.withLock { $0 }, since: token)
        #expect(found == .duringWrite)
      }
    }
    writer.saveNow(Data("1".utf8), continuation: saves.continuation())
    #expect(readsAgain.withLock { $0 } == 1)
    file.duringWrite.withLock { $0 = nil }
    writer.saveNow(Data("2".utf8), continuation: saves.continuation())
    #expect(readsAgain.withLock { $0 } == 1)
    #expect(
      writer.readAfterChange(file.contents.withLock { $0 }, since: writer.beginRead())
        == .unchanged)
  }

  @Test func stoppingOneReadAgainLeavesTheOthers() {
    let file = MemoryFile()
    let saves = Saves()
    let writer = FileWriter(url: url, storage: file.storage, clock: TestClock())
    let readsAgain = Locked<[String]>([])
    let first = writer.readAgain { readsAgain.withLock { $0.append("first") } }
    _ = writer.readAgain { readsAgain.withLock { $0.append("second") } }
    writer.stopReadingAgain(first)
    file.duringWrite.withLock {
      $0 = { [writer] in
        #expect(writer.readAfterChange(nil, since: writer.beginRead()) == .duringWrite)
      }
    }
    writer.saveNow(Data("1".utf8), continuation: saves.continuation())
    #expect(readsAgain.withLock { $0 } == ["second"])
  }
}
