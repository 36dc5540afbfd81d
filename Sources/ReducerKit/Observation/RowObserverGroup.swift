/// Identifies a collection whose row stores' observers are grouped: one per parent store and
/// collection key path, compared by identity (cheaper than hashing the key path).
package final class RowGroupID {}

/// Where a collection of rows stands after an action, from `IdentifiedArray`'s versions: its
/// structure version, its element version and the one before the last in-place access to an
/// element, and that element's row key. Two arrays with the same structure and element versions
/// hold the same elements (see `IdentifiedArray._elementVersion` for why).
@usableFromInline
package struct CollectionVersions {
  @usableFromInline let structure: UInt64
  @usableFromInline let element: UInt64
  @usableFromInline let previousElement: UInt64
  /// The ``RowKey`` of the element last accessed in place, if any.
  @usableFromInline let lastMutatedKey: Int?

  @inlinable
  init(structure: UInt64, element: UInt64, previousElement: UInt64, lastMutatedKey: Int?) {
    self.structure = structure
    self.element = element
    self.previousElement = previousElement
    self.lastMutatedKey = lastMutatedKey
  }

  /// The versions of a collection that is gone (the state of a scoped store that held it went
  /// away): equal to no collection's.
  static var gone: CollectionVersions {
    CollectionVersions(structure: 0, element: 0, previousElement: 0, lastMutatedKey: nil)
  }
}

/// The key a row's observers are grouped by: the hash value of the row's id, computed where its
/// type is known (hashing an `AnyHashable`, and comparing two, each cost a dynamic cast and
/// generic metadata lookups, several times the rest of a row's check).
///
/// Two ids can share a key: their rows' observers are then grouped together, and an action on
/// either row checks both. That is only more checking, never a missed change: each observer's
/// check compares its own part's value.
@usableFromInline
package enum RowKey {
  /// The key of the row with `id`. The common id types skip `Hasher`, which was most of the
  /// cost of finding the row after each action: an `Int` id is its own key (no two share one),
  /// a `UUID`'s key folds its two halves together (random in a random UUID, and the counting
  /// half in one from ``UUIDGenerator/incrementing``). Any other id's key is its hash value.
  /// The tests of the type are decided when this is compiled for the id's type, where the row
  /// reader is.
  @inlinable @inline(__always)
  static func of<ID: Hashable>(_ id: ID) -> Int {
    guard let bits = _commonIDBits(id) else { return id.hashValue }
    return Int(truncatingIfNeeded: bits)
  }
}

/// The observers of the rows of one collection, grouped so that an action that touched one row
/// checks that row's observers only: the cost of an action does not grow with the number of
/// live row stores.
///
/// A row's observers are a short list (``RowObservers``: a row store reads a few fields), found
/// by the part they observe; rows left without observers keep their entry, dropped when the
/// collection's structure changes (rows added, removed or moved), when every row is checked.
/// Few objects per row matter here: with many rows, each one an action touches is likely out
/// of the processor's caches.
@MainActor
package final class RowObserverGroup: UncheckedFields<RowObserverTable> {
  /// Reads the collection's structure version, element generation and last mutated id from
  /// the address of the state of the core that holds the group.
  let readVersions: (StateAddress) -> CollectionVersions
  /// Kept alive with the group, so that its identity, the group's key, is never reused.
  let id: RowGroupID
  /// The versions the last check saw.
  private var structure: UInt64
  private var element: UInt64
  /// Each row's observers, by ``RowKey``; their checks get the address of the root's state.
  ///
  /// In ``UncheckedFields/unchecked``, not checked for exclusivity, like the hub's lists: every
  /// access is on the main actor, and the checks that run user code while a row's observers are
  /// being filtered (an `==`, a key path) register no observers (the hub refuses them while it
  /// checks), so nothing reaches this table during an access to it; the dynamic check was a
  /// runtime call per action.
  private var rows: RowObserverTable {
    @inline(__always) _read { yield unchecked }
    @inline(__always) _modify { yield &unchecked }
  }
  /// How many observers are live in all rows.
  private(set) var liveCount = 0

  init(
    id: RowGroupID,
    readVersions:
      @escaping (StateAddress) -> CollectionVersions,
    state: StateAddress
  ) {
    self.id = id
    self.readVersions = readVersions
    let versions = readVersions(state)
    (structure, element) = (versions.structure, versions.element)
    super.init(unchecked: RowObserverTable())
  }

  /// Adds an observer of the row with key `key`, replacing the live observer of the same part.
  func add(_ observer: StateObserver, row key: Int) {
    if rows.withObservers(ofKey: key, { $0.add(observer) }) { liveCount += 1 }
  }

  /// Removes the live observer of `part` in the row with key `key`, if it has one (its store was
  /// released), and the row's entry when that was its last observer.
  func remove(_ part: ObservedPart, row key: Int) {
    guard let slot = rows.slot(of: key) else { return }
    let isEmpty = rows.withObservers(at: slot) { observers -> Bool? in
      guard observers.remove(part) else { return nil }
      return observers.isEmpty
    }
    guard let isEmpty else { return }
    liveCount -= 1
    if isEmpty { rows.remove(at: slot) }
  }

  /// Removes the observers whose part changed and appends them to `changed`. Checks one row when
  /// the action mutated exactly one row in place, none when it mutated none, and all otherwise
  /// or when `checkingEveryRow` (a shared value changed: rows read it, and the collection's
  /// versions do not change with it).
  func takeChanged(
    in state: StateAddress, into changed: inout [StateObserver], checkingEveryRow: Bool = false
  ) {
    let versions = readVersions(state)
    defer { (structure, element) = (versions.structure, versions.element) }
    let before = changed.count
    if !checkingEveryRow, versions.structure == structure {
      if versions.element == element { return }
      if versions.previousElement == element, let key = versions.lastMutatedKey {
        // Exactly one in-place access to an element since the last check: only its row (and
        // any that share its key).
        if let slot = rows.slot(of: key) {
          rows.withObservers(at: slot) { $0.takeChanged(in: state, into: &changed) }
        }
        liveCount -= changed.count - before
        return
      }
    }
    rows.forEachRow { $0.takeChanged(in: state, into: &changed) }
    liveCount -= changed.count - before
    rows.removeEmptyRows()
  }

  #if DEBUG
  /// Stops the process when the group breaks an invariant (DEBUG builds only; the tests call it
  /// after every change): its rows are whole (``RowObserverTable/_checkInvariants()``) and
  /// ``liveCount`` counts their observers.
  func _checkInvariants() {
    rows._checkInvariants()
    var observers = 0
    var rows = rows
    rows.forEachRow { observers += $0.count }
    precondition(
      observers == liveCount, "RowObserverGroup: \(liveCount) live, \(observers) observers")
  }
  #endif
}
