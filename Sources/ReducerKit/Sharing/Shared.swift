/// A value shared between features, stores and tasks, and optionally persisted by a key: TCA's
/// `@Shared` (swift-sharing 2), spelled the same, on every platform.
///
/// ```swift
/// struct Settings: Reducer {
///   struct State: Equatable {
///     @Shared(.appStorage("hapticsEnabled")) var hapticsEnabled = true
///     @Shared(.inMemory("stats")) var stats = Stats()
///   }
///   enum Action { case toggleHaptics }
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     state.$hapticsEnabled.withLock { $0.toggle() }
///     return .none
///   }
/// }
/// ```
///
/// - Every `@Shared` with the same key, in any feature and any store, reads and writes one value;
///   while one is alive, the first default wins. Copies of a state share the reference.
/// - ``wrappedValue`` is read-only: ``withLock(_:)`` is the only mutation, safe from any task.
/// - `==` compares the current values.
/// - A store's observer of a shared field is notified when the value changes, by any route.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value> {
  let reference: any SharedReference<Value>

  init(reference: any SharedReference<Value>) {
    self.reference = reference
  }

  /// A shared value held by `key`, with `wrappedValue` as its default.
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>)
  where Value: Sendable {
    self.init(
      reference: SharedRegistry.root(
        for: key, initialValue: wrappedValue(), persistence: KeyPersistence(key)))
  }

  /// A shared value held by no key: copies of it, and of states holding it, share it.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// ```
  public init(value: Value) {
    self.init(reference: SharedBox(value: value))
  }

  /// The same reference as `projectedValue`: `Shared(projectedValue: $count)`.
  ///
  /// ```swift
  /// init(count: Shared<Int>) { self._count = Shared(projectedValue: count) }
  /// ```
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The unwrapped value of a shared optional, or `nil` while it is `nil`: the reference reads
  /// and writes through while the value is there.
  ///
  /// ```swift
  /// if let user = Shared($currentUser) { … }
  /// ```
  public init?(_ base: Shared<Value?>) {
    guard
      let present = PresentReference<AnySharedReference<Value?>, Value>(
        AnySharedReference(base.reference), description: "optional",
        extract: { $0 },
        modify: { optional, body in
          guard optional != nil else { return false }
          body(&optional!)
          return true
        })
    else { return nil }
    self.init(reference: present)
  }

  /// The current value. Read-only: change it with ``withLock(_:)``.
  public var wrappedValue: Value {
    reference.read(in: SharedView.inForce)
  }

  /// The reference itself: `$count` for `withLock`, derived references, and passing it on.
  public var projectedValue: Shared<Value> {
    // Yielded, not returned: `state.$count.withLock { … }` borrows the reference instead of
    // copying it (a retain and a release of a root that has weak references, and so a side
    // table: a third of a change's cost).
    _read { yield self }
    _modify { yield &self }
  }

  /// Mutates the value under the reference's lock and returns what `operation` returns; the
  /// change is then saved (a persisted key) and the stores' observers are told.
  ///
  /// ```swift
  /// state.$count.withLock { $0 += 1 }
  /// ```
  @discardableResult
  public func withLock<R, E: Error>(_ operation: (inout Value) throws(E) -> R) throws(E) -> R {
    if let view = SharedView.inForce { return try reference.update(in: view, operation) }
    return try reference.update(operation)
  }

  /// A reference to a part of the value that writes through: `$settings.volume`.
  ///
  /// ```swift
  /// let volume: Shared<Double> = $settings.volume
  /// ```
  public subscript<Member>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(
      reference: KeyPathReference(base: AnySharedReference(reference), keyPath: keyPath))
  }

  /// A read-only view of the same value.
  ///
  /// ```swift
  /// let canBuzz: SharedReader<Bool> = $hapticsEnabled.reader
  /// ```
  public var reader: SharedReader<Value> {
    SharedReader(reference: AnySharedReadable(reference))
  }

  /// Whether the key is loading the value.
  public var isLoading: Bool { reference.root.isLoading }

  /// The error of the key's last load (a file that does not decode), if it failed.
  public var loadError: (any Error)? { reference.root.loadError }

  /// The error of the key's last save (no permission, disk full), if it failed.
  public var saveError: (any Error)? { reference.root.saveError }

  /// Loads the value again from its key.
  ///
  /// ```swift
  /// try await $todos.load()
  /// ```
  public func load() async throws {
    try await reference.root.load()
  }

  /// Saves the value through its key now, writing what a strategy holds back (`.fileStorage`'s
  /// trailing write).
  ///
  /// ```swift
  /// try await $todos.save()
  /// ```
  public func save() async throws {
    try await reference.root.save()
  }
}

/// Sendable when its value is: the reference is immutable and the value behind its root's lock.
extension Shared: Sendable where Value: Sendable {}

extension Shared: SharedSnapshotSource {
  package var snapshotRoot: any SharedRoot { reference.root }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether the two values are equal now (in a test store's comparison, as each state saw them).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if case .comparing(let left, let right) = SharedView.inForce {
      return lhs.reference.read(in: .showing(left)) == rhs.reference.read(in: .showing(right))
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Hashable where Value: Hashable {
  /// Hashes the current value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension Shared: CustomReflectable {
  /// Reflects as the value, so dumps and diffs show it.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }
}

extension Shared: CustomStringConvertible {
  /// The value's description.
  public var description: String {
    String(describing: wrappedValue)
  }
}

extension Shared {
  /// The element with `id`, as a reference that writes through, or `nil` when there is none.
  ///
  /// ```swift
  /// if let todo = $todos[id: id] { todo.withLock { $0.isDone = true } }
  /// ```
  public subscript<ID: Hashable & Sendable, Element>(id id: ID) -> Shared<Element>?
  where Value == IdentifiedArray<ID, Element> {
    guard
      let present = PresentReference<AnySharedReference<Value>, Element>(
        AnySharedReference(reference), description: "element \(id)",
        extract: { $0[id: id] },
        modify: { elements, body in elements.modifyElement(id: id, body) })
    else { return nil }
    return Shared<Element>(reference: present)
  }
}

/// A ``SharedReference`` as a concrete type, for the derived references' `Base`.
struct AnySharedReference<Value>: SharedReference {
  let base: any SharedReference<Value>

  init(_ base: any SharedReference<Value>) {
    self.base = base
  }

  var root: any SharedRoot { base.root }

  func read(in view: SharedView?) -> Value { base.read(in: view) }

  func update<R, E: Error>(
    in view: SharedView?, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R {
    try base.update(in: view, body)
  }
}

/// A ``SharedReadable`` as a concrete type.
struct AnySharedReadable<Value>: SharedReadable {
  let base: any SharedReadable<Value>

  init(_ base: any SharedReadable<Value>) {
    self.base = base
  }

  var root: any SharedRoot { base.root }

  func read(in view: SharedView?) -> Value { base.read(in: view) }
}

/// Dumps and diffs name a `@Shared` field as code reads it: `count`, not `_count`.
extension Shared: PropertyWrapperStorage {}
