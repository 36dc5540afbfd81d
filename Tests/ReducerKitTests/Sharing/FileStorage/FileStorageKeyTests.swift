import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

/// A file storage over memory that counts its writes and, like the disk, coalesces them.
private final class CountingFiles: Sendable {
  let files = Locked<[URL: Data]>([:])
  let writes = Locked(0)
  let failWrites = Locked(false)
  let watchers = Locked<[(id: Int, onChange: @Sendable () -> Void)]>([])
  /// Runs in a write before the data is stored (a notification arriving mid-write, say).
  let duringWrite = Locked<(@Sendable () -> Void)?>(nil)
  /// Runs in a write after the data is stored.
  let afterWrite = Locked<(@Sendable () -> Void)?>(nil)
  /// Runs in a read after the contents were taken (a change landing while they are decoded).
  let duringRead = Locked<(@Sendable () -> Void)?>(nil)

  /// Tells the watchers the file changed, as the platform's notification would, late.
  func notify() {
    for watcher in watchers.withLock({ $0 }) { watcher.onChange() }
  }

  var storage: FileStorage {
    FileStorage(
      identity: FileStorage.Identity(), writesAtOnce: false,
      read: { [files, duringRead] url in
        let data = files.withLock { $0[url] }
        duringRead.withLock { $0 }?()
        return data
      },
      write: { [files, writes, failWrites, duringWrite, afterWrite] data, url in
        if failWrites.withLock({ $0 }) { throw SharingTestError(message: "disk full") }
        duringWrite.withLock { $0 }?()
        writes.withLock { $0 += 1 }
        files.withLock { $0[url] = data }
        afterWrite.withLock { $0 }?()
      },
      moveAside: { [files] url, aside in
        files.withLock { $0[aside] = $0.removeValue(forKey: url) }
      },
      watch: { [watchers] _, onChange in
        let id = watchers.withLock { watchers in
          let id = (watchers.last?.id ?? 0) + 1
          watchers.append((id, onChange))
          return id
        }
        return SharedSubscription { watchers.withLock { $0.removeAll { $0.id == id } } }
      })
  }

  /// A shared `Int` (default 0) kept in `url` in this storage, its writes timed on `clock`.
  func shared(at url: URL, clock: TestClock = TestClock()) -> Shared<Int> {
    withDependencies {
      $0.defaultFileStorage = storage
      $0.continuousClock = clock
    } operation: {
      Shared(wrappedValue: 0, .fileStorage(url))
    }
  }

  /// Runs `body` with a shared `Int` (default 0) kept in `url`, its writes timed on a test
  /// clock; the reference goes away when `body` returns.
  func withShared(at url: URL, _ body: (Shared<Int>) -> Void) {
    withDependencies {
      $0.defaultFileStorage = storage
      $0.continuousClock = TestClock()
    } operation: {
      body(Shared(wrappedValue: 0, .fileStorage(url)))
    }
  }

  func text(_ url: URL) -> String? {
    files.withLock { $0[url] }.map { String(decoding: $0, as: UTF8.self) }
  }
}

@Suite struct FileStorageKeyTests {
  let url = URL(filePath: "/app/count.json")

  @Test func aMissingFileGivesTheDefaultAndWritesNothing() {
    let files = CountingFiles()
    withDependencies {
      $0.defaultFileStorage = files.storage
    } operation: {
      @Shared(.fileStorage(url)) var count = 7
      #expect(count == 7)
      #expect($count.loadError == nil)
    }
    #expect(files.writes.withLock { $0 } == 0)
  }

  @Test func aThousandChangesWithinOneSecondAreExactlyTwoWrites() async {
    let files = CountingFiles()
    let clock = TestClock()
    let count = files.shared(at: url, clock: clock)
    for _ in 0..<1_000 { count.withLock { $0 += 1 } }
    #expect(files.writes.withLock { $0 } == 1)
    #expect(files.text(url) == "1")
    await clock.advance(by: .seconds(1))
    for _ in 0..<1_000 where files.writes.withLock({ $0 }) < 2 { await Task.yield() }
    #expect(files.writes.withLock { $0 } == 2)
    #expect(files.text(url) == "1000")
    await clock.advance(by: .seconds(1))
    #expect(files.writes.withLock { $0 } == 2)
  }

  @Test func theLastReferenceGoingAwayWritesWhatIsHeld() {
    let files = CountingFiles()
    files.withShared(at: url) { count in
      count.withLock { $0 = 1 }
      count.withLock { $0 = 2 }
      #expect(files.text(url) == "1")
    }
    #expect(files.text(url) == "2")
  }

  @Test func aTrailingWriteThatFailsAsTheLastReferenceGoesAwayIsReported() {
    let files = CountingFiles()
    let warnings = sharingWarnings(containing: "after its last reference went away") {
      files.withShared(at: url) { count in
        count.withLock { $0 = 1 }
        count.withLock { $0 = 2 }  // held
        files.failWrites.withLock { $0 = true }
      }
    }
    #expect(files.text(url) == "1")
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("disk full") == true)
  }

  @Test func saveWritesWhatIsHeldNow() async throws {
    let files = CountingFiles()
    let count = files.shared(at: url)
    count.withLock { $0 = 1 }
    count.withLock { $0 = 2 }
    try await count.save()
    #expect(files.text(url) == "2")
  }

  @Test func aFileThatDoesNotDecodeIsMovedAsideAndTheValueIsTheDefault() throws {
    let files = CountingFiles()
    files.files.withLock { $0[url] = Data("not json".utf8) }
    let warnings = sharingWarnings(containing: "does not decode") {
      withDependencies {
        $0.defaultFileStorage = files.storage
      } operation: {
        @Shared(.fileStorage(url)) var count = 3
        #expect(count == 3)
        guard case .corrupt(_, let aside?, _) = $count.loadError as? FileStorageError else {
          Issue.record(
            "loadError should say where the file went: \(String(describing: $count.loadError))")
          return
        }
        #expect(aside.lastPathComponent.hasPrefix("count.json.corrupt-"))
        #expect(files.text(aside) == "not json")
        #expect(files.text(url) == nil)
      }
    }
    #expect(warnings.count == 1)
  }

  @Test func aFailedSaveKeepsTheValueSetsSaveErrorAndIsTriedAgain() {
    let files = CountingFiles()
    files.failWrites.withLock { $0 = true }
    let warnings = sharingWarnings(containing: "disk full") {
      withDependencies {
        $0.defaultFileStorage = files.storage
        $0.continuousClock = TestClock()
      } operation: {
        @Shared(.fileStorage(url)) var count = 0
        $count.withLock { $0 = 1 }
        #expect(count == 1)
        #expect($count.saveError != nil)
        files.failWrites.withLock { $0 = false }
        $count.withLock { $0 = 2 }
      }
    }
    #expect(warnings.count == 1)
    // Released: the held change was written.
    #expect(files.text(url) == "2")
  }

  @Test @MainActor func aTestStoreKeepsFilesInItsOwnInMemoryFileSystem() async {
    struct Feature: Reducer {
      struct State: Equatable {
        @Shared(.fileStorage(URL(filePath: "/app/todos.json"))) var titles: [String] = []
      }
      enum Action { case add(String) }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .add(let title):
          state.$titles.withLock { $0.append(title) }
          return .none
        }
      }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.add("Milk")) { $0.$titles.withLock { $0 = ["Milk"] } }
    let other = TestStore(initialState: Feature.State()) { Feature() }
    #expect(other.state.titles == [])
    #expect(!FileManager.default.fileExists(atPath: "/app/todos.json"))
  }

  @Test func aChangeSomeoneElseMadeToTheFileIsLoaded() throws {
    let storage = FileStorage.inMemoryFileSystem
    try withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      try storage.write(Data("5".utf8), to: url)
      #expect(count == 5)
      #expect($count.loadError == nil)
    }
  }

  @Test func theKeysOwnWritesAreNotLoadedAgainWhenTheirNotificationComesLate() async {
    let files = CountingFiles()
    let clock = TestClock()
    let count = files.shared(at: url, clock: clock)
    count.withLock { $0 = 1 }  // written at once
    count.withLock { $0 = 2 }  // held for the quiet second
    let version = count.snapshotRoot.version
    files.notify()  // the notification of writing "1" arrives now
    #expect(count.wrappedValue == 2)
    #expect(count.snapshotRoot.version == version)
    await clock.advance(by: .seconds(1))
    for _ in 0..<1_000 where files.text(url) != "2" { await Task.yield() }
    #expect(files.text(url) == "2")
  }

  @Test func aNotificationReadingTheKeysPreviousWriteWhileTheNextIsUnderWayIsNotAChange()
    async throws
  {
    let files = CountingFiles()
    let count = files.shared(at: url)
    count.withLock { $0 = 1 }  // written at once
    count.withLock { $0 = 2 }  // held
    // The notification of writing "1" reads the file while "2" is being written.
    files.duringWrite.withLock { $0 = { [files] in files.notify() } }
    try await count.save()
    files.duringWrite.withLock { $0 = nil }
    #expect(count.wrappedValue == 2)
    #expect(files.text(url) == "2")
    files.notify()  // and the notification of writing "2"
    #expect(count.wrappedValue == 2)
  }

  @Test func aChangeFromOutsideDuringASaveDoesNotUndoTheSave() async throws {
    let files = CountingFiles()
    let count = files.shared(at: url)
    count.withLock { $0 = 1 }  // written at once
    count.withLock { $0 = 2 }  // held, then saved: an editor's change lands as it is written
    files.duringWrite.withLock {
      $0 = { [files] in
        files.files.withLock { $0[url] = Data("9".utf8) }
        files.notify()
      }
    }
    try await count.save()
    files.duringWrite.withLock { $0 = nil }
    // The save asked for was written after the editor's change: it is on disk, and the value.
    #expect(files.text(url) == "2")
    #expect(count.wrappedValue == 2)
    #expect(files.writes.withLock { $0 } == 2)
  }

  @Test func aChangeFromOutsideWinsOverAHeldWrite() async {
    let files = CountingFiles()
    let clock = TestClock()
    let count = files.shared(at: url, clock: clock)
    count.withLock { $0 = 1 }
    count.withLock { $0 = 2 }  // held
    files.files.withLock { $0[url] = Data("9".utf8) }  // an editor saves the file
    files.notify()
    #expect(count.wrappedValue == 9)
    await clock.advance(by: .seconds(2))
    for _ in 0..<100 { await Task.yield() }
    #expect(files.text(url) == "9")
    #expect(files.writes.withLock { $0 } == 1)
  }

  @Test func aChangeLandingWhileTheLastOneIsLoadedIsLoadedAfterIt() {
    let files = CountingFiles()
    let count = files.shared(at: url)
    files.files.withLock { $0[url] = Data("9".utf8) }
    // While "9" is read, an editor writes "10" and its notification is handled at once.
    files.duringRead.withLock {
      $0 = { [files, url] in
        files.duringRead.withLock { $0 = nil }
        files.files.withLock { $0[url] = Data("10".utf8) }
        files.notify()
      }
    }
    files.notify()
    #expect(count.wrappedValue == 10)
  }

  @Test func cancellingOneSubscriptionLeavesAnotherOfTheSameKeyReadingAgain() {
    let files = CountingFiles()
    let key = withDependencies {
      $0.defaultFileStorage = files.storage
    } operation: {
      FileStorageKey<Int>(url: url, decoder: JSONDecoder(), encoder: JSONEncoder())
    }
    let loaded = Locked<[Int]>([])
    let subscriber = SharedSubscriber<Int>(
      onResult: { result in
        if case .success(let value?) = result { loaded.withLock { $0.append(value) } }
      },
      onLoading: { _ in })
    let first = key.subscribe(context: .initialValue(0), subscriber: subscriber)
    let second = key.subscribe(context: .initialValue(0), subscriber: subscriber)
    first.cancel()
    // A notification comes while the key writes, and an editor's change lands as it ends: the
    // file is read again once the write ends.
    files.duringWrite.withLock { $0 = { [files] in files.notify() } }
    files.afterWrite.withLock {
      $0 = { [files, url] in files.files.withLock { $0[url] = Data("9".utf8) } }
    }
    key.save(1, context: .userInitiated, continuation: SaveContinuation("count") { _ in })
    #expect(loaded.withLock { $0 }.last == 9)
    second.cancel()
  }

  @Test func aDeletedFileResetsTheValueToItsDefaultAndWritesNothing() throws {
    let files = CountingFiles()
    try withDependencies {
      $0.defaultFileStorage = files.storage
    } operation: {
      @Shared(.fileStorage(url)) var count = 7
      $count.withLock { $0 = 8 }
      #expect(files.text(url) == "8")
      try FileStorage.inMemoryFileSystem.removeFile(at: url)  // another storage: no effect
      files.files.withLock { $0[url] = nil }
      files.notify()
      #expect(count == 7)
      #expect(files.text(url) == nil)
    }
    #expect(files.writes.withLock { $0 } == 1)
  }

  @Test func anInMemoryFileSystemTellsItsWatchersOfARemovedFile() throws {
    let storage = FileStorage.inMemoryFileSystem
    try withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      @Shared(.fileStorage(url)) var count = 7
      $count.withLock { $0 = 8 }
      try storage.removeFile(at: url)
      #expect(count == 7)
      #expect(try storage.contents(of: url) == nil)
    }
  }

  /// Runs `body` with a shared count (default 0) kept in `url` in a fresh in-memory file
  /// system, and returns the "does not decode" warnings it gave.
  private func decodingWarnings(
    _ body: (FileStorage, Shared<Int>) throws -> Void
  ) throws -> [String] {
    let storage = FileStorage.inMemoryFileSystem
    return try sharingWarnings(containing: "does not decode") {
      try withDependencies {
        $0.defaultFileStorage = storage
      } operation: {
        try body(storage, Shared(wrappedValue: 0, .fileStorage(url)))
      }
    }
  }

  @Test func aFileChangedToSomethingThatDoesNotDecodeIsMovedAsideBeforeTheNextWrite() throws {
    let warnings = try decodingWarnings { storage, count in
      count.withLock { $0 = 4 }
      try storage.write(Data("{half".utf8), to: url)
      #expect(count.wrappedValue == 4)
      #expect(
        count.loadError as? FileStorageError
          == .corrupt(url: url, movedTo: nil, reason: "\(try decodeError("{half"))"))
      // Not moved yet: it may be another writer's file caught halfway.
      #expect(try storage.contents(of: url) == Data("{half".utf8))
      count.withLock { $0 = 5 }
      #expect(try storage.contents(of: url) == Data("5".utf8))
    }
    #expect(warnings.count == 1)
    let aside = try #require(warnings.first)
    #expect(aside.contains("moved aside to /app/count.json.corrupt-"))
  }

  @Test func aFileCaughtHalfWrittenIsLoadedWhenItsWriterFinishes() throws {
    let warnings = try decodingWarnings { storage, count in
      try storage.write(Data("12".utf8.prefix(0)), to: url)
      #expect(count.loadError != nil)
      try storage.write(Data("12".utf8), to: url)
      #expect(count.wrappedValue == 12)
      #expect(count.loadError == nil)
      count.withLock { $0 = 13 }
      #expect(try storage.contents(of: url) == Data("13".utf8))
    }
    #expect(warnings.isEmpty)
  }

  private func decodeError(_ text: String) throws -> any Error {
    do {
      _ = try JSONDecoder().decode(Int.self, from: Data(text.utf8))
    } catch {
      return error
    }
    throw SharingTestError(message: "\(text) decodes")
  }

  @Test @MainActor
  func aFileOnDiskChangedByAnotherProcessIsLoadedAndItsDeletionGivesTheDefault() async throws {
    #if canImport(Glibc) || canImport(Darwin)
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "reducerkit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appending(component: "count.json")
    let count = withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.continuousClock = TestClock()
    } operation: {
      Shared(wrappedValue: 0, .fileStorage(url))
    }
    try Data("5".utf8).write(to: url, options: .atomic)
    #expect(await poll(upTo: .seconds(10)) { count.wrappedValue == 5 })
    count.withLock { $0 = 6 }  // written at once
    count.withLock { $0 = 7 }  // held
    let version = count.snapshotRoot.version
    try Data("42".utf8).write(to: url, options: .atomic)  // after the key's own write
    #expect(await poll(upTo: .seconds(10)) { count.wrappedValue == 42 })
    // Notifications come in order: the key's own write was seen first and not loaded.
    #expect(count.snapshotRoot.version == version &+ 1)
    // Written in place (an editor without atomic saves): it may be read halfway, and is
    // loaded whole when the writer closes it.
    try Data("43".utf8).write(to: url)
    #expect(await poll(upTo: .seconds(10)) { count.wrappedValue == 43 })
    try FileManager.default.removeItem(at: url)
    #expect(await poll(upTo: .seconds(10)) { count.wrappedValue == 0 })
    #endif
  }
}
