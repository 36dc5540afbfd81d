#if !canImport(Darwin)
import Synchronization
#endif

/// One observable part of one store's state (a field, or the whole state): how to tell whether it
/// changed, and how to tell that store's observers. Made once per store and part, on its first
/// read, and shared by every observation of it.
///
/// Checks get state addresses (``StateAddress``), so the loop that checks observers after each action needs no type
/// metadata; the typed work (`==`, destroying a snapshot) is in generic subclasses, which keeps
/// it to one object per part instead of a closure context per operation.
package class ObservedPart {
  /// The part's byte offset in the state when equal bytes prove an unchanged value (a stored
  /// field at a fixed offset, of an `Equatable` type); -1 otherwise.
  let offset: Int
  /// The size of the part's value, in bytes.
  let size: Int
  /// Whether different bytes at `offset` prove a changed value (the value's `==` is equality of
  /// bytes), so that no `==` runs.
  let bytesDecide: Bool
  /// The observation subject of the store that read the part, and the key path that stands for
  /// the part there (see ``PartNotification``).
  private let subject: StoreRegistrar?
  private let registrarKeyPath: KeyPath<StoreRegistrar, Int>
  /// Where the part's live observer is in its root's ``StateObserverList``; -1 when it has none.
  var listPosition = -1
  /// For a part of a row store (or of a store scoped from one): the row group and row key
  /// (``RowKey``) its observers go to, set by the row store when it first adds one. A part's
  /// observers always go to the same place, so a released store's observers can be found
  /// without a search.
  var rowLocation: (group: ObjectIdentifier, key: Int)?

  fileprivate init(
    offset: Int?, size: Int, bytesDecide: Bool, notify: PartNotification
  ) {
    self.offset = offset ?? -1
    self.size = size
    self.bytesDecide = bytesDecide && offset != nil
    self.subject = notify.subject
    self.registrarKeyPath = notify.keyPath
  }

  /// Tells the registrar of the store that read the part that it changed.
  @MainActor
  final func notify() { subject?.didChange(registrarKeyPath) }

  /// Whether the part's value at `state` differs from `snapshot`: the precise check (`==`),
  /// for when a byte comparison cannot decide.
  func differs(_ state: StateAddress, _ snapshot: StateAddress) -> Bool { true }

  /// Destroys and frees a snapshot made by ``StateObserver/init(part:value:finder:)``.
  func destroySnapshot(_ snapshot: ValueSnapshot) {}

  /// Makes the part for an `Equatable` value that `keyPath` finds in a `State`.
  ///
  /// - Parameter offset: The value's byte offset in the state, when it is a stored field.
  static func make<State, Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, offset: Int?, notify: PartNotification
  ) -> ObservedPart {
    EquatablePart(keyPath, offset: offset, notify: notify)
  }

  /// Makes the part for a value that `keyPath` finds in a `State`, compared with `==` when its
  /// type turns out to be `Equatable` at run time, and otherwise counted as changed after every
  /// action.
  static func make<State, Value>(
    _ keyPath: KeyPath<State, Value>, offset: Int?, notify: PartNotification
  ) -> ObservedPart {
    DynamicPart(keyPath, offset: offset, notify: notify)
  }
}

/// Whom a part tells of its changes: the observation subject of the store that read it and the
/// key path that stands for the part there.
///
/// The part holds the subject strongly, so the subject lives as long as the store's parts: at
/// most until the check after the action that follows the store's release, which drops a
/// released store's observers. A part still in the list being notified when an observer's
/// `onChange` releases its store tells that subject once more, which tells only the observers
/// registered on it, of a change that happened. A weak reference would give the subject a side
/// table: a weak load and a slow-path retain and release on every notification (about 150
/// instructions, and a cache miss on the side table when the store is one of many).
///
/// Values, not a closure: a closure's captures are variables of its context, which every call
/// checked for exclusive access at run time.
package struct PartNotification {
  let subject: StoreRegistrar?
  let keyPath: KeyPath<StoreRegistrar, Int>

  init(subject: StoreRegistrar?, keyPath: KeyPath<StoreRegistrar, Int>) {
    self.subject = subject
    self.keyPath = keyPath
  }

  /// Tells no one (for parts made in tests).
  static var silent: PartNotification {
    PartNotification(subject: nil, keyPath: StoreRegistrar.keyPath(ofField: 0))
  }
}

/// A part whose value is a `Value` in a `State`.
private class TypedPart<State, Value>: ObservedPart {
  let keyPath: KeyPath<State, Value>

  init(
    _ keyPath: KeyPath<State, Value>, offset: Int?, notify: PartNotification
  ) {
    self.keyPath = keyPath
    super.init(
      offset: offset, size: MemoryLayout<Value>.size,
      bytesDecide: bytesDecideEquality(of: Value.self), notify: notify)
  }

  /// Reads the value from a state: in place when it is at a known offset.
  final func value(in state: StateAddress) -> Value {
    if offset >= 0 { return state.field(at: offset)[as: Value.self] }
    return state[as: State.self][keyPath: keyPath]
  }

  override final func destroySnapshot(_ snapshot: ValueSnapshot) {
    snapshot.destroy(as: Value.self)
  }
}

/// A part of an `Equatable` type, compared with its `==`.
private final class EquatablePart<State, Value: Equatable>: TypedPart<State, Value> {
  override func differs(_ state: StateAddress, _ snapshot: StateAddress) -> Bool {
    value(in: state) != snapshot[as: Value.self]
  }
}

/// A part whose type is only known to be `Equatable` at run time, if it is.
private final class DynamicPart<State, Value>: TypedPart<State, Value> {
  let isEquatable = Value.self is any Equatable.Type

  override init(
    _ keyPath: KeyPath<State, Value>, offset: Int?, notify: PartNotification
  ) {
    // Equal bytes only prove an equal value when there is an `==` to agree with.
    super.init(
      keyPath, offset: Value.self is any Equatable.Type ? offset : nil, notify: notify)
  }

  override func differs(_ state: StateAddress, _ snapshot: StateAddress) -> Bool {
    guard isEquatable else { return true }
    return areEqual(value(in: state), snapshot[as: Value.self]) != true
  }
}

/// Runs a check on a scoped store's state, found in the root store's state: `nil` when that state
/// is gone.
///
/// A struct around the function, not the function type itself: a function kept in an
/// `Optional` (a scoped store's finder to the root, an observer's finder) is stored at the most
/// general abstraction, so every call went through reabstraction thunks, one of which
/// allocated a context for the check on each call.
@usableFromInline
package struct StateFinder {
  @usableFromInline
  let run: (_ rootState: StateAddress, _ check: (_ state: StateAddress) -> Bool) -> Bool?

  @inlinable
  package init(
    _ run:
      @escaping (_ rootState: StateAddress, _ check: (_ state: StateAddress) -> Bool) -> Bool?
  ) {
    self.run = run
  }

  /// Runs `check` on the state found in `rootState`; `nil` when it is gone.
  @inlinable
  package func callAsFunction(
    _ rootState: StateAddress, _ check: (_ state: StateAddress) -> Bool
  ) -> Bool? {
    run(rootState, check)
  }
}

/// One observation of a part of a store's state: the part, and its value when it was read.
///
/// Observation tracking is one-shot, so an observer is checked after each action until its part
/// changed, then notified and forgotten; reading the part again registers it again.
///
/// Checks get the address of the state of the root store. An observer of a scoped store carries a
/// `finder` that finds that store's state in the root's.
package final class StateObserver {
  let part: ObservedPart
  /// The value read: inline when it is a plain value (`_isPOD`: no references, nothing to
  /// destroy) of at most 16 bytes, otherwise a copy in memory of its own.
  private let snapshot: ValueSnapshot
  /// For a scoped store's observer: finds its state in the root's.
  ///
  /// Not optional, with ``hasFinder`` saying whether there is one: a check that bound an optional
  /// finder with `guard let` copied it, a retain and a release of its closure's context each time.
  private let finder: StateFinder
  private let hasFinder: Bool

  init<Value>(part: ObservedPart, value: Value, finder: StateFinder?) {
    self.part = part
    self.finder = finder ?? StateFinder { _, _ in nil }
    hasFinder = finder != nil
    snapshot = ValueSnapshot(value)
  }

  deinit {
    if snapshot.isAllocated { part.destroySnapshot(snapshot) }
  }

  /// Runs `body` with the address of the value read (for an inline one, of a copy of its bytes,
  /// valid during the call).
  @inline(__always)
  private func withSnapshot<R>(_ body: (StateAddress) -> R) -> R {
    snapshot.withAddress(body)
  }

  /// Tells the registrar of the store that read the part.
  @MainActor
  func notify() { part.notify() }

  /// The byte comparison that proves this observer's part unchanged, for a check loop that
  /// need not call into each observer; its offset is -1 when there is none (the part has no
  /// fixed offset, or the observer's store is scoped).
  ///
  /// (For an inline snapshot, the check's snapshot pointer is not valid after this returns: a
  /// check reads it only for values of more than 16 bytes, which are never inline.)
  var byteCheck: ByteCheck {
    withSnapshot { snapshot in
      ByteCheck(
        offset: hasFinder ? -1 : part.offset, size: part.size, snapshot: snapshot,
        bytesDecide: part.bytesDecide)
    }
  }

  /// Whether the part changed, given the root store's state. (A scoped store's state that is
  /// gone counts as a change.)
  @inline(__always)
  func check(_ rootState: StateAddress) -> Bool {
    guard hasFinder else { return hasChanged(rootState) }
    return finder(rootState) { hasChanged($0) } ?? true
  }

  /// Whether the part changed in `state`, the state of the store that read it.
  ///
  /// Equal bytes mean a value `==` would call equal, for any `==` that is true of a value and
  /// itself: the snapshot holds the same references as the field (and a copy-on-write buffer it
  /// shares cannot be changed in place). A `Double.nan` that stays `nan` is therefore unchanged,
  /// though `nan != nan`. Different bytes can still be an equal value (a different string buffer
  /// with the same characters), so `==` decides.
  @inline(__always)
  private func hasChanged(_ state: StateAddress) -> Bool {
    withSnapshot { snapshot in
      let offset = part.offset
      if offset >= 0 {
        if bytesAreEqual(state.field(at: offset), snapshot, count: part.size) { return false }
        if part.bytesDecide { return true }
      }
      return part.differs(state, snapshot)
    }
  }
}

/// Compares two values when their type is `Equatable`; `nil` when it is not.
package func areEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  func compare<E: Equatable>(_ lhs: E) -> Bool { lhs == (rhs as? E) }
  return compare(lhs)
}

/// The parts one scoped store made, handed to its root when the store is released, so that the
/// root removes their observers (and the snapshots they keep) on its next check instead of
/// checking them after every action until each part happens to change.
///
/// Owned by the store alone: its deinit runs when the store's does, on whatever thread released
/// the store, so it only hands the parts over, through the root's lock-protected
/// ``ReleasedParts``.
package final class OwnedParts {
  // `parts` is only appended to on the main actor while the store lives, and read once, in
  // `deinit`, when nothing else can reach this object.
  private var parts: [ObservedPart] = []
  private let released: ReleasedParts

  @MainActor
  init(released: ReleasedParts) {
    self.released = released
    released.hasOwners = true
  }

  func append(_ part: ObservedPart) {
    parts.append(part)
  }

  deinit {
    released.append(contentsOf: parts)
  }
}

/// The parts of a root's scoped stores that were released, waiting for the root to remove their
/// observers: filled from any thread (a store's deinit), emptied on the main actor.
package final class ReleasedParts: Sendable {
  // The parts are only used on the main actor, after `take()`; here they are only held.
  private let parts = Locked<[ObservedPart]>([])
  #if !canImport(Darwin)
  /// Whether `parts` may hold parts: set under the lock with each append, cleared under it
  /// by `take()`, read without it first, so that the check after each action takes no lock
  /// while nothing was released (a release on another thread that the read misses is taken by
  /// the next check). Atomic where no Apple platform is; Apple platforms take the lock, because
  /// `Synchronization` needs macOS 15 / iOS 18, above the package's floor.
  private let mayHoldParts = Atomic<Bool>(false)
  #endif
  /// Whether a scoped store was made that can release parts here: until then, the root's check
  /// after each action need not take the lock.
  @MainActor fileprivate(set) var hasOwners = false

  init() {}

  /// Whether parts may be waiting to be taken: `false` proves that ``take()`` would return none,
  /// with no call and no lock. (Where there is no atomic flag, on Apple platforms, `true` once a
  /// scoped store that can release parts was made.)
  @MainActor
  var mayHoldReleasedParts: Bool {
    @inline(__always) get {
      guard hasOwners else { return false }
      #if !canImport(Darwin)
      return mayHoldParts.load(ordering: .acquiring)
      #else
      return true
      #endif
    }
  }

  func append(contentsOf released: [ObservedPart]) {
    guard !released.isEmpty else { return }
    parts.withLock { parts in
      parts.append(contentsOf: released)
      #if !canImport(Darwin)
      mayHoldParts.store(true, ordering: .releasing)
      #endif
    }
  }

  /// Takes the parts released since the last call; empty when there are none.
  func take() -> [ObservedPart] {
    #if !canImport(Darwin)
    guard mayHoldParts.load(ordering: .acquiring) else { return [] }
    #endif
    return parts.withLock { parts in
      #if !canImport(Darwin)
      mayHoldParts.store(false, ordering: .relaxed)
      #endif
      guard !parts.isEmpty else { return [] }
      defer { parts = [] }
      return parts
    }
  }
}
