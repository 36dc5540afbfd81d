import Foundation

/// Where `.fileStorage` keys read and write their files: the disk, or an in-memory file system
/// (a test's default, so tests never touch the user's files).
///
/// ```swift
/// withDependencies { $0.defaultFileStorage = .inMemoryFileSystem } operation: { … }
/// ```
public struct FileStorage: Sendable {
  /// Tells two storages apart in a key's id.
  package final class Identity: Sendable {
    package init() {}
  }

  let identity: Identity
  /// Whether writes go out at once (the in-memory file system) instead of being coalesced on
  /// the clock.
  let writesAtOnce: Bool
  let read: @Sendable (URL) throws -> Data?
  let write: @Sendable (Data, URL) throws -> Void
  let moveAside: @Sendable (URL, URL) throws -> Void
  let remove: @Sendable (URL) throws -> Void
  /// Calls its closure whenever the file may have changed (written, replaced or deleted, by
  /// anyone) until the subscription is cancelled.
  let watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription

  /// A storage from its operations (the bench's counting one, tests' failing ones).
  package init(
    identity: Identity, writesAtOnce: Bool,
    read: @escaping @Sendable (URL) throws -> Data?,
    write: @escaping @Sendable (Data, URL) throws -> Void,
    moveAside: @escaping @Sendable (URL, URL) throws -> Void,
    remove: @escaping @Sendable (URL) throws -> Void = { _ in },
    watch: @escaping @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription = {
      _, _ in SharedSubscription {}
    }
  ) {
    self.identity = identity
    self.writesAtOnce = writesAtOnce
    self.read = read
    self.write = write
    self.moveAside = moveAside
    self.remove = remove
    self.watch = watch
  }

  /// The disk: atomic writes (a temporary file in the same folder, then a rename), the folders
  /// made as needed.
  ///
  /// ```swift
  /// $0.defaultFileStorage = .fileSystem
  /// ```
  public static let fileSystem = FileStorage(
    identity: Identity(), writesAtOnce: false,
    read: { url in
      guard FileManager.default.fileExists(atPath: url.path) else { return nil }
      return try Data(contentsOf: url)
    },
    write: { data, url in
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url, options: .atomic)
    },
    moveAside: { url, aside in try FileManager.default.moveItem(at: url, to: aside) },
    remove: { url in
      guard FileManager.default.fileExists(atPath: url.path) else { return }
      try FileManager.default.removeItem(at: url)
    },
    watch: { url, onChange in FileWatcher.watch(url, onChange: onChange) })

  /// A fresh, empty in-memory file system, where writes happen at once.
  ///
  /// ```swift
  /// let storage = FileStorage.inMemoryFileSystem
  /// ```
  public static var inMemoryFileSystem: FileStorage {
    let files = Locked(InMemoryFiles())
    return FileStorage(
      identity: Identity(), writesAtOnce: true,
      read: { url in files.withLock { $0.contents[url.standardizedFileURL] } },
      write: { data, url in
        let url = url.standardizedFileURL
        files.withLock { $0.contents[url] = data }
        files.withLock { $0.watchers(of: url) }.forEach { $0() }
      },
      moveAside: { url, aside in
        let (url, aside) = (url.standardizedFileURL, aside.standardizedFileURL)
        files.withLock { $0.contents[aside] = $0.contents.removeValue(forKey: url) }
        files.withLock { $0.watchers(of: url) + $0.watchers(of: aside) }.forEach { $0() }
      },
      remove: { url in
        let url = url.standardizedFileURL
        files.withLock { $0.contents[url] = nil }
        files.withLock { $0.watchers(of: url) }.forEach { $0() }
      },
      watch: { url, onChange in
        let url = url.standardizedFileURL
        let token = files.withLock { $0.watch(url, onChange) }
        return SharedSubscription { files.withLock { $0.stopWatching(url, token) } }
      })
  }

  /// The contents of the file at `url`, or `nil` when there is none.
  ///
  /// ```swift
  /// let data = try storage.contents(of: url)
  /// ```
  public func contents(of url: URL) throws -> Data? {
    try read(url)
  }

  /// Writes `data` to the file at `url`, replacing it whole.
  ///
  /// ```swift
  /// try storage.write(Data("[]".utf8), to: url)
  /// ```
  public func write(_ data: Data, to url: URL) throws {
    try write(data, url)
  }

  /// Deletes the file at `url`, if there is one: as a user or another process would, so a
  /// `.fileStorage` value read from it goes back to its default.
  ///
  /// ```swift
  /// try storage.removeFile(at: url)
  /// ```
  public func removeFile(at url: URL) throws {
    try remove(url)
  }
}

/// The files of an in-memory file system, and who watches them.
private struct InMemoryFiles {
  var contents: [URL: Data] = [:]
  private var watchers: [URL: [UInt64: @Sendable () -> Void]] = [:]
  private var nextToken: UInt64 = 0

  func watchers(of url: URL) -> [@Sendable () -> Void] {
    watchers[url].map { Array($0.values) } ?? []
  }

  mutating func watch(_ url: URL, _ onChange: @escaping @Sendable () -> Void) -> UInt64 {
    nextToken += 1
    watchers[url, default: [:]][nextToken] = onChange
    return nextToken
  }

  mutating func stopWatching(_ url: URL, _ token: UInt64) {
    watchers[url]?[token] = nil
    if watchers[url]?.isEmpty == true { watchers[url] = nil }
  }
}

extension DependencyValues {
  /// Where `.fileStorage` keys keep their files. Live, the disk; in a test context, a fresh
  /// in-memory file system for each test store.
  ///
  /// ```swift
  /// $0.defaultFileStorage = .fileSystem  // opts a test into the disk
  /// ```
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageDependencyKey.self] }
    set { self[FileStorageDependencyKey.self] = newValue }
  }
}

private enum FileStorageDependencyKey: DependencyKey {
  static let liveValue = FileStorage.fileSystem
  static var testValue: FileStorage { .inMemoryFileSystem }
}
