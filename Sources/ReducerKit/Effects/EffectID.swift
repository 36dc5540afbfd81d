/// A type-erased cancellation id: any `Hashable & Sendable` value.
///
/// `AnyHashable` is not `Sendable`, but every value wrapped here is safe to share: a user's id is
/// `some Hashable & Sendable`, and the library's own ids (key paths, child instance ids) are
/// immutable values used only as identities (see each initializer).
///
/// The wrapped value's hash is computed once, when the id is made: the cancellation table hashes
/// and compares an id at every effect start and end, and a probe of its dictionaries compares
/// keys bucket after bucket. With the hash at hand, hashing an id is one integer, and ids of
/// different hashes are told apart without `AnyHashable`'s dynamic equality (which looks up the
/// generic metadata of its boxes).
package struct EffectID: Hashable, @unchecked Sendable, CustomStringConvertible {
  let base: AnyHashable
  /// `base.hashValue`: equal ids have equal values (the contract of `Hashable`).
  package let hash: Int

  private init(base: AnyHashable) {
    self.base = base
    hash = base.hashValue
  }

  /// Wraps a user's id.
  package init(_ id: some Hashable & Sendable) {
    self.init(base: AnyHashable(id))
  }

  /// Wraps a key path identifying a child's state. Key paths are immutable, so sharing one across
  /// tasks is safe even when the compiler cannot prove its root and value types are `Sendable`.
  package init(keyPath: AnyKeyPath) {
    self.init(base: AnyHashable(keyPath))
  }

  /// Identifies one instance of a child feature: the key path to its state plus, when it has one,
  /// its id or enum case. Key paths are immutable and ids are values used as identities only,
  /// never mutated, so sharing them across tasks is safe.
  package init(child keyPath: AnyKeyPath, instance: AnyHashable?) {
    self.init(base: AnyHashable(ChildInstance(keyPath: keyPath, instance: instance)))
  }

  /// Identifies one instance of a child feature, as ``init(child:instance:)``, with a name for
  /// test failures (such as the presentation's action case) that equality and hashing ignore.
  package init(child keyPath: AnyKeyPath, instance: AnyHashable?, name: String) {
    self.init(
      base: AnyHashable(ChildInstance(keyPath: keyPath, instance: instance, name: name)))
  }

  /// Identifies one instance of a child feature that has no key path (an enum case of the state):
  /// `owner` is unique to the composing reducer, `instance` the child's id if it has one.
  package init(child owner: UInt64, instance: AnyHashable?, name: String? = nil) {
    self.init(base: AnyHashable(CaseInstance(owner: owner, instance: instance, name: name)))
  }

  /// Whether two ids wrap equal values: their hashes first, so unequal ids rarely reach
  /// `AnyHashable`'s equality.
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.base == rhs.base
  }

  /// Feeds the wrapped value's hash, computed once.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// A new value, different from every other one this process made: an identity for a reducer
  /// that has no key path to stand for it.
  package static func makeUniqueOwner() -> UInt64 {
    nextOwner.withLock { next in
      next += 1
      return next
    }
  }

  /// The instance id of a child of the composing reducer at `keyPath`, if this id is one.
  package func instance(ofChildAt keyPath: AnyKeyPath) -> AnyHashable?? {
    guard let child = base.base as? ChildInstance, child.keyPath == keyPath else { return nil }
    return .some(child.instance)
  }

  /// The instance id of the child this id identifies (its element id, or its `Identifiable` id),
  /// or `nil` when it has none or is not a child's id.
  package var childInstance: AnyHashable? {
    if let child = base.base as? ChildInstance { return child.instance }
    if let child = base.base as? CaseInstance { return child.instance }
    return nil
  }

  /// How a test failure names the child this id identifies, if it is a child instance's id:
  /// its name (a presentation's action case, an enum state's case), else its key path with
  /// the instance's id (`\State.rows[id: 3]`, a stack element `\State.path[id: #1]`).
  package var childName: String? {
    if let child = base.base as? ChildInstance {
      if let name = child.name { return name }
      guard let instance = child.instance else { return "\(child.keyPath)" }
      return "\(child.keyPath)[id: \(describe(instance.base))]"
    }
    if let child = base.base as? CaseInstance, let name = child.name {
      guard let instance = child.instance else { return name }
      return "\(name) (id: \(describe(instance.base)))"
    }
    return nil
  }

  /// The qualified name of an enum value's case, such as `Destination.State.add`: how a test
  /// failure names a child scoped to that case. Made once per composing reducer.
  package static func caseName(of value: Any) -> String {
    String(debugDump(value).prefix { $0 != "(" && $0 != "\n" })
  }

  private static let nextOwner = Locked<UInt64>(0)

  private struct ChildInstance: Hashable {
    let keyPath: AnyKeyPath
    let instance: AnyHashable?
    /// For test failures only: not part of the identity.
    var name: String? = nil

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.keyPath == rhs.keyPath && lhs.instance == rhs.instance
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(keyPath)
      hasher.combine(instance)
    }
  }

  private struct CaseInstance: Hashable {
    let owner: UInt64
    let instance: AnyHashable?
    /// For test failures only: not part of the identity.
    var name: String? = nil

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.owner == rhs.owner && lhs.instance == rhs.instance
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(owner)
      hasher.combine(instance)
    }
  }

  package var description: String { String(describing: base.base) }
}

/// One step of the path from the root store to a child feature: the child's identity among its
/// siblings (a state key path, an element id, an enum case).
package struct ScopeComponent: Hashable, Sendable {
  /// The child's identity.
  package let id: EffectID
  /// Whether the child can go away (`ifLet`, `forEach`, `ifCaseLet`): then every effect it starts
  /// is also registered under the child's lifetime key, which is cancelled when it goes away.
  package let hasLifetime: Bool

  package init(id: EffectID, hasLifetime: Bool) {
    self.id = id
    self.hasLifetime = hasLifetime
  }
}

/// The path from the root store to the feature that started an effect.
package typealias ScopePath = [ScopeComponent]

/// A key in the cancellation registry: a cancellation id scoped to the child that used it, or,
/// with a `nil` id, the lifetime of a child instance.
///
/// Its hash is computed once, when it is made: the cancellation table looks a key up at every
/// effect start and end, by this hash (``hash``).
///
/// The path and the id are behind one reference: a key is copied several times on an effect's
/// way into the table and out of it (into its entry, into the index by key, out of the context),
/// and a copy is then one retain, where a path and an id held inline are a retain and a copy of
/// the id's `AnyHashable` through its value witnesses.
package struct EffectKey: Hashable, Sendable {
  /// The path and the id, shared by every copy of the key.
  private final class Storage: Sendable {
    let path: ScopePath
    let id: EffectID?

    init(path: ScopePath, id: EffectID?) {
      self.path = path
      self.id = id
    }
  }

  private let storage: Storage
  /// The hash of `path` and `id`: equal keys have equal hashes. Inline, so a probe of a table
  /// keyed by it does not follow the reference.
  package let hash: Int

  /// The child that used the id.
  package var path: ScopePath { storage.path }
  /// The user's id; `nil` for the child's lifetime key.
  package var id: EffectID? { storage.id }

  package init(path: ScopePath, id: EffectID?) {
    storage = Storage(path: path, id: id)
    if path.isEmpty, let id {
      // An id of the root feature (most of them): its own hash, already the result of a
      // `Hasher` (`hashValue`), stands for the key's, with no second hashing per effect.
      hash = id.hash
    } else {
      var hasher = Hasher()
      hasher.combine(path)
      hasher.combine(id)
      hash = hasher.finalize()
    }
  }

  /// A key with a chosen hash: for tests of keys whose hashes collide.
  package init(path: ScopePath, id: EffectID?, hash: Int) {
    storage = Storage(path: path, id: id)
    self.hash = hash
  }

  /// Whether two keys are for the same id in the same child: copies of one key at once, else
  /// their hashes first.
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.hash == rhs.hash && lhs.id == rhs.id && lhs.path == rhs.path)
  }

  /// Feeds the key's hash, computed once.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}

/// The cancellation keys one effect registers under, in order: its ids and the lifetimes of the
/// children it belongs to.
///
/// The last key is stored inline, so the common effect (one `.cancellable(id:)`, at the root or
/// in one child) carries its keys without an array of its own: starting it allocates nothing
/// for them, and taking the key back off (``removeLast()``) after the effect has started leaves
/// the inherited keys as they were.
package struct EffectKeys: Sequence, ExpressibleByArrayLiteral {
  /// Every key but the last.
  private var head: [EffectKey] = []
  /// The last key; `nil` only when there is none.
  private var last: EffectKey?

  package init() {}

  package init(arrayLiteral keys: EffectKey...) {
    for key in keys { append(key) }
  }

  /// Whether there is no key.
  package var isEmpty: Bool { last == nil }

  /// The number of keys.
  package var count: Int { last == nil ? 0 : head.count + 1 }

  /// Adds `key` after the others.
  package mutating func append(_ key: EffectKey) {
    if let last { head.append(last) }
    last = key
  }

  /// Removes the last key (there must be one).
  package mutating func removeLast() {
    precondition(last != nil, "removeLast() of no keys")
    // Not `popLast()`, which makes the (usually empty, shared) array unique first.
    last = head.isEmpty ? nil : head.removeLast()
  }

  /// Removes every key that `shouldBeRemoved` accepts, keeping the others in order.
  package mutating func removeAll(where shouldBeRemoved: (EffectKey) throws -> Bool) rethrows {
    var kept = EffectKeys()
    for key in self where try !shouldBeRemoved(key) { kept.append(key) }
    self = kept
  }

  /// Calls `body` with each key in order, without copying the keys into an iterator.
  package func forEach(_ body: (EffectKey) throws -> Void) rethrows {
    for key in head { try body(key) }
    if let last { try body(last) }
  }

  package func makeIterator() -> Iterator {
    Iterator(keys: self)
  }

  /// Visits the keys in order.
  package struct Iterator: IteratorProtocol {
    private let keys: EffectKeys
    private var index = 0

    fileprivate init(keys: EffectKeys) {
      self.keys = keys
    }

    package mutating func next() -> EffectKey? {
      defer { index += 1 }
      if index < keys.head.count { return keys.head[index] }
      return index == keys.head.count ? keys.last : nil
    }
  }
}
