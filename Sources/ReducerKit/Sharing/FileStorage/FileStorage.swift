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

  /// A storage from its operations (the bench's counting one, tests' failing ones).
  package init(
    identity: Identity, writesAtOnce: Bool,
    read: @escaping @Sendable (URL) throws -> Data?,
    write: @escaping @Sendable (Data, URL) throws -> Void,
    moveAside: @escaping @Sendable (URL, URL) throws -> Void
  ) {
    self.identity = identity
    self.writesAtOnce = writesAtOnce
    self.read = read
    self.write = write
    self.moveAside = moveAside
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
    moveAside: { url, aside in try FileManager.default.moveItem(at: url, to: aside) })

  /// A fresh, empty in-memory file system, where writes happen at once.
  ///
  /// ```swift
  /// let storage = FileStorage.inMemoryFileSystem
  /// ```
  public static var inMemoryFileSystem: FileStorage {
    let files = Locked<[URL: Data]>([:])
    return FileStorage(
      identity: Identity(), writesAtOnce: true,
      read: { url in files.withLock { $0[url.standardizedFileURL] } },
      write: { data, url in files.withLock { $0[url.standardizedFileURL] = data } },
      moveAside: { url, aside in
        files.withLock { files in
          files[aside.standardizedFileURL] = files.removeValue(forKey: url.standardizedFileURL)
        }
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
