/// A read-only view of a shared value: `@SharedReader`, for a feature that shows a value another
/// one changes.
///
/// ```swift
/// struct Badge: Reducer {
///   struct State: Equatable {
///     @SharedReader(.appStorage("hapticsEnabled")) var canBuzz = true
///   }
///   …
/// }
/// ```
///
/// Made from a key, it is the same reference as every `@Shared` with that key; from a
/// ``Shared`` (`SharedReader($count)`, `$count.reader`), it reads what that one holds.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value> {
  let reference: any SharedReadable<Value>

  init(reference: any SharedReadable<Value>) {
    self.reference = reference
  }

  /// A read-only view of the value held by `key`, with `wrappedValue` as its default.
  ///
  /// ```swift
  /// @SharedReader(.inMemory("stats")) var stats = Stats()
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>)
  where Value: Sendable {
    self.init(
      reference: SharedRegistry.root(
        for: key, initialValue: wrappedValue(), persistence: KeyPersistence(readerKey: key)))
  }

  /// A constant value held by no key.
  ///
  /// ```swift
  /// let title = SharedReader(value: "Untitled")
  /// ```
  public init(value: Value) {
    self.init(reference: SharedBox(value: value))
  }

  /// A read-only view of `shared`.
  ///
  /// ```swift
  /// let count = SharedReader($count)
  /// ```
  public init(_ shared: Shared<Value>) {
    self = shared.reader
  }

  /// The same reference as `projectedValue`.
  ///
  /// ```swift
  /// init(count: SharedReader<Int>) { self._count = SharedReader(projectedValue: count) }
  /// ```
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The current value.
  public var wrappedValue: Value {
    reference.read(in: SharedView.inForce)
  }

  /// The reader itself: `$count` for derived readers and passing it on.
  public var projectedValue: SharedReader<Value> {
    get { self }
    set { self = newValue }
  }

  /// A read-only view of a part of the value.
  ///
  /// ```swift
  /// let volume: SharedReader<Double> = $settings.volume
  /// ```
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value, Member> & Sendable
  ) -> SharedReader<Member> {
    SharedReader<Member>(
      reference: ReadOnlyKeyPathReference(base: AnySharedReadable(reference), keyPath: keyPath))
  }

  /// Whether the key is loading the value.
  public var isLoading: Bool { reference.root.isLoading }

  /// The error of the key's last load, if it failed.
  public var loadError: (any Error)? { reference.root.loadError }

  /// Loads the value again from its key.
  ///
  /// ```swift
  /// try await $stats.load()
  /// ```
  public func load() async throws {
    try await reference.root.load()
  }
}

/// Sendable when its value is: the reference is immutable and the value behind its root's lock.
extension SharedReader: Sendable where Value: Sendable {}

extension SharedReader: SharedSnapshotSource {
  package var snapshotRoot: any SharedRoot { reference.root }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Whether the two values are equal now (in a test store's comparison, as each state saw them).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if case .comparing(let left, let right) = SharedView.inForce {
      return lhs.reference.read(in: .showing(left)) == rhs.reference.read(in: .showing(right))
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: Hashable where Value: Hashable {
  /// Hashes the current value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension SharedReader: CustomReflectable {
  /// Reflects as the value, so dumps and diffs show it.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }
}

extension SharedReader: CustomStringConvertible {
  /// The value's description.
  public var description: String {
    String(describing: wrappedValue)
  }
}

/// Dumps and diffs name a `@SharedReader` field as code reads it: `count`, not `_count`.
extension SharedReader: PropertyWrapperStorage {}
