/// A key that keeps its value in memory for the life of the process: `.inMemory("stats")`.
///
/// ```swift
/// @Shared(.inMemory("stats")) var stats = Stats()
/// ```
///
/// The value outlives its references: the next `@Shared(.inMemory("stats"))` reads it. Under a
/// test store the values live in that test's ``InMemoryStorage`` (the `defaultInMemoryStorage`
/// dependency), so parallel tests never see each other's.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  /// The key's name.
  public let name: String
  private let place: InMemoryStorage.WeakReference
  private var storage: InMemoryStorage? { place.storage }

  /// Two keys are the same when they have the same name in the same storage.
  public struct ID: Hashable, Sendable {
    let name: String
    /// The storage's serial number, not its address: a storage made where a freed one was
    /// must not find the roots the freed one's references still hold.
    let storage: UInt64
  }

  /// The key's name in its storage.
  public var id: ID { ID(name: name, storage: place.serialNumber) }

  /// A key named `name` in the current `defaultInMemoryStorage`.
  ///
  /// ```swift
  /// let key = InMemoryKey<Int>("count")
  /// ```
  public init(_ name: String) {
    self.name = name
    place = InMemoryStorage.WeakReference(DependencyValues.current.defaultInMemoryStorage)
  }

  /// Reads the stored value; the first time, stores the default. A later load (`$x.load()`)
  /// keeps the value: the storage keeps the root, which holds the latest one.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let stored = storage?.values.withLock({ $0[name] }) as? Value
    if case .userInitiated = context, stored != nil {
      // The stored value is the first one, which the root started from.
      continuation.resumeReturningInitialValue()
      return
    }
    if let value = stored {
      continuation.resume(returning: value)
      return
    }
    if let initialValue = context.initialValue {
      storage?.values.withLock { $0[name] = initialValue }
    }
    continuation.resumeReturningInitialValue()
  }

  /// Nothing changes the value outside the app.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    SharedSubscription {}
  }

  /// Stores the value. (A change needs no save: the storage keeps the reference's root, which
  /// holds the value.)
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    storage?.values.withLock { $0[name] = value }
    continuation.resume()
  }
}

extension InMemoryKey: RootKeepingKey {
  package func keep(_ root: AnyObject) {
    storage?.roots.withLock { $0.append(root) }
  }
}

extension InMemoryKey: CustomStringConvertible {
  /// `.inMemory("stats")`.
  public var description: String { ".inMemory(\(String(reflecting: name)))" }
}

extension SharedReaderKey {
  /// A key that keeps its value in memory for the life of the process.
  ///
  /// ```swift
  /// @Shared(.inMemory("stats")) var stats = Stats()
  /// ```
  public static func inMemory<Value>(_ name: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(name)
  }
}

/// Where `.inMemory` keys keep their values: one for the app, a fresh one for each test store.
///
/// ```swift
/// withDependencies { $0.defaultInMemoryStorage = InMemoryStorage() } operation: { … }
/// ```
public final class InMemoryStorage: Sendable {
  /// The first value of each name, which its root starts from.
  let values = Locked<[String: any Sendable]>([:])
  /// The roots of the keys used, kept while the storage is: a value lives in its root, so a
  /// change is not copied anywhere (and a root is never made twice for one name and type).
  let roots = Locked<[AnyObject]>([])
  /// Unique for the life of the process (see ``InMemoryKey/ID``).
  let serialNumber: UInt64

  /// How a key holds its storage: weakly, because the storage keeps the roots of its keys and a
  /// root keeps its key, so a strong reference would keep every storage (a fresh one per test
  /// store) for the life of the process. A reference that outlives its storage still holds its
  /// value in its root.
  final class WeakReference: Sendable {
    weak let storage: InMemoryStorage?
    let serialNumber: UInt64

    init(_ storage: InMemoryStorage) {
      self.storage = storage
      serialNumber = storage.serialNumber
    }
  }

  private static let lastSerialNumber = Locked<UInt64>(0)

  /// An empty storage.
  public init() {
    serialNumber = Self.lastSerialNumber.withLock { last in
      last += 1
      return last
    }
  }
}

extension DependencyValues {
  /// Where `.inMemory` keys keep their values. Live, one storage for the process; in a test
  /// context, a fresh one for each test store.
  ///
  /// ```swift
  /// @Dependency(\.defaultInMemoryStorage) var storage
  /// ```
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static let liveValue = InMemoryStorage()
  static var testValue: InMemoryStorage { InMemoryStorage() }
}
