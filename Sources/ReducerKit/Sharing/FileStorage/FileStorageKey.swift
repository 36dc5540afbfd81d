import Foundation

/// A key that keeps a `Codable` value in a JSON file: `.fileStorage(url)`.
///
/// ```swift
/// @Shared(.fileStorage(.documentsDirectory.appending(component: "todos.json")))
/// var todos: IdentifiedArrayOf<Todo> = []
/// ```
///
/// - Loads on first use; a missing file gives the default and writes nothing.
/// - After a change the first write is immediate; further changes within one second (on the
///   `continuousClock` in force when the key was made) become one trailing write. Writes are
///   atomic. `try await $todos.save()` and the last reference going away write what is held.
/// - A file that does not decode is moved aside (`todos.json.corrupt-…`, named in the runtime
///   warning and in `loadError`) before anything is written in its place.
/// - Under a test store the file lives in an in-memory file system (`defaultFileStorage`).
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  /// The file.
  public let url: URL
  let storage: FileStorage
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data
  let writer: FileWriter

  /// Two keys are the same when they name the same file in the same storage.
  public struct ID: Hashable, Sendable {
    let url: URL
    let storage: ObjectIdentifier
  }

  /// The file in its storage.
  public var id: ID {
    ID(url: url.standardizedFileURL, storage: ObjectIdentifier(storage.identity))
  }

  /// A key for the file at `url` in the current `defaultFileStorage`, in JSON.
  ///
  /// ```swift
  /// let key = FileStorageKey<[String]>(url: url, decoder: JSONDecoder(), encoder: JSONEncoder())
  /// ```
  public init(url: URL, decoder: JSONDecoder, encoder: JSONEncoder) {
    let dependencies = DependencyValues.current
    self.url = url
    storage = dependencies.defaultFileStorage
    // `JSONDecoder`/`JSONEncoder` are not `Sendable` on every platform: used under a lock.
    let decoder = Locked(decoder)
    let encoder = Locked(encoder)
    decode = { data in try decoder.withLock { try $0.decode(Value.self, from: data) } }
    encode = { value in try encoder.withLock { try $0.encode(value) } }
    writer = FileWriter(
      url: url, storage: storage,
      clock: storage.writesAtOnce ? ContinuousClock() : dependencies.continuousClock)
  }

  /// Reads and decodes the file; moves a file that does not decode aside.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let data: Data?
    do {
      let token = writer.beginRead()
      data = try storage.read(url)
      writer.loaded(data, since: token)
    } catch {
      continuation.resume(throwing: error)
      return
    }
    guard let data else {
      continuation.resumeReturningInitialValue()
      return
    }
    do {
      continuation.resume(returning: try decode(data))
    } catch {
      continuation.resume(throwing: writer.moveAside(reason: "\(error)", valueIs: "its default"))
    }
  }

  /// Watches the file (inotify on Linux, a `DispatchSource` on Apple platforms; the in-memory
  /// file system tells its watchers itself): a change someone else made is loaded, this key's
  /// own writes are not, and a deleted file gives the default. A file that does not decode
  /// keeps the value and sets `loadError`; it is moved aside before the key writes in its place
  /// (not at once: it may be another process's write caught halfway, and that write's end
  /// brings another notification).
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let reloads = FileReloads { [self] in reloadAfterChange(subscriber) }
    let readingAgain = writer.readAgain(with: reloads.request)
    let watching = storage.watch(url, reloads.request)
    return SharedSubscription { [writer] in
      watching.cancel()
      writer.stopReadingAgain(readingAgain)
    }
  }

  /// Loads the file again after a change notification, unless it holds what this key wrote.
  private func reloadAfterChange(_ subscriber: SharedSubscriber<Value>) {
    var data: Data?
    readingAgain: while true {
      do {
        let token = writer.beginRead()
        data = try storage.read(url)
        switch writer.readAfterChange(data, since: token) {
        case .changed: break readingAgain
        case .unchanged, .duringWrite: return  // (after a write, it is read again)
        case .readAgain: continue readingAgain
        }
      } catch {
        subscriber.yield(throwing: error)
        return
      }
    }
    guard let data else {
      subscriber.yieldReturningInitialValue()
      return
    }
    do {
      subscriber.yield(try decode(data))
    } catch {
      writer.foundUndecodable(reason: "\(error)")
      subscriber.yield(
        throwing: FileStorageError.corrupt(url: url, movedTo: nil, reason: "\(error)"))
    }
  }

  /// Encodes the value and writes it, now or as the trailing write.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    do {
      let data = try encode(value)
      switch context {
      case .didSet: writer.change(data, continuation: continuation)
      case .userInitiated: writer.saveNow(data, continuation: continuation)
      }
    } catch {
      continuation.resume(throwing: error)
    }
  }
}

extension FileStorageKey: PendingWritesKey {
  package func flushPendingWrites() { writer.flush() }
}

extension FileStorageKey: CustomStringConvertible {
  /// `.fileStorage(/path/to/todos.json)`.
  public var description: String { ".fileStorage(\(url.path))" }
}

/// Why a `.fileStorage` value could not be loaded.
///
/// ```swift
/// if case .corrupt(_, let aside?, _) = $todos.loadError as? FileStorageError { … }
/// ```
public enum FileStorageError: Error, Equatable, CustomStringConvertible {
  /// The file did not decode; it was moved to `movedTo` (nil when moving failed) and the value
  /// is the default.
  case corrupt(url: URL, movedTo: URL?, reason: String)

  /// What happened and where the file went.
  public var description: String {
    switch self {
    case .corrupt(let url, let aside, let reason):
      let moved = aside.map { " It was moved aside to \($0.path)." } ?? ""
      return "The file \(url.path) does not decode (\(reason)).\(moved)"
    }
  }
}

extension SharedReaderKey {
  /// A key that keeps a `Codable` value in the JSON file at `url`.
  ///
  /// ```swift
  /// @Shared(.fileStorage(URL(filePath: "/tmp/count.json"))) var count = 0
  /// ```
  public static func fileStorage<Value>(
    _ url: URL, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decoder: decoder, encoder: encoder)
  }
}
