import Observation

/// Everything that watches a root store's state, and the notification after each action: the
/// registrar of the store that read the whole state, the observers of parts of it (fields, rows,
/// scoped stores' states) and the streams of states (``Store/states``).
///
/// The checks read the state in place, through the address (``StateAddress``) the store
/// passes: what an observer's `==` or key path reads of the store during a check is the state
/// after the action, and registers no new observer (the lists are being scanned).
@MainActor
package final class StateChangeNotifier<State, Action>: UncheckedFields<StateChangeNotifierLists> {
  /// The store whose registrar to notify, once something read the whole state.
  private weak var observedStore: Store<State, Action>?
  /// Whether `observedStore` was set since the last notification: checked first after each
  /// action, because loading a weak reference costs a runtime call even when it is `nil`.
  private var hasObservedStore = false
  /// Observers of parts of the state, checked after each action.
  private let observers = StateObserverList()
  // In `UncheckedFields.unchecked` (``StateChangeNotifierLists``), not checked for exclusivity, as
  // the lists': every access is on the main actor, and none is held across user code (an
  // observer's check or notification runs with the notified observers taken out of
  // `changedObservers`, and registers nothing while checks run).
  /// Reused between actions, so that notifying allocates nothing.
  private var changedObservers: [StateObserver] {
    @inline(__always) _read { yield unchecked.changedObservers }
    @inline(__always) _modify { yield &unchecked.changedObservers }
  }
  /// Observers of rows, one group per collection: checked only for the rows an action touched.
  /// An array, searched by identity: a root has a group per collection whose row stores are
  /// observed, a handful, and the check after each action walks them in place (iterating a
  /// dictionary's values retained its storage and each group).
  private var rowGroups: [RowObserverGroup] {
    @inline(__always) _read { yield unchecked.rowGroups }
    @inline(__always) _modify { yield &unchecked.rowGroups }
  }
  private var hasObservers = false
  /// Whether observers' checks are running: reads they make register no new observers.
  private var isCheckingObservers = false
  /// The parts of released scoped stores, whose observers are removed before the next check.
  package let releasedParts = ReleasedParts()
  private var stateSubscribers: [UInt64: @MainActor (State) -> Void] = [:]
  private var hasSubscribers = false
  /// The versions of the shared values the streams last got (``SharedSnapshotTable/versions(in:)``).
  private var sharedVersionsSent: [ObjectIdentifier: UInt64] = [:]
  private var nextSubscriberID: UInt64 = 0

  /// A hub with nothing to notify.
  package init() {
    super.init(unchecked: StateChangeNotifierLists())
  }

  // MARK: - Registering

  /// Records that `store` (the root) read its whole state: its registrar is told after the next
  /// action.
  package func access(from store: Store<State, Action>) {
    observedStore = store
    hasObservedStore = true
    store.subject.access(\.state)
  }

  /// Adds an observer of part of the state (its check gets the root's state).
  package func observe(_ observer: StateObserver) {
    guard !isCheckingObservers else { return }
    observers.add(observer)
    hasObservers = true
  }

  /// Adds an observer of one row of a collection in the state at `state`: `readVersions` gets
  /// the address of the root's state, the observer's check too.
  ///
  /// The row's observers are grouped by `key`, the row's ``RowKey``, which the row store makes
  /// (it knows its id's type); the observer's part remembers it, for its removal.
  package func observeRow(
    group: RowGroupID,
    key: Int,
    readVersions: @escaping (StateAddress) -> CollectionVersions,
    observer: StateObserver,
    state: StateAddress
  ) {
    guard !isCheckingObservers else { return }
    let rowGroup: RowObserverGroup
    if let existing = findRowGroup(ObjectIdentifier(group)) {
      rowGroup = existing
    } else {
      rowGroup = RowObserverGroup(id: group, readVersions: readVersions, state: state)
      rowGroups.append(rowGroup)
    }
    if observer.part.rowLocation == nil {
      observer.part.rowLocation = (ObjectIdentifier(group), key)
    }
    rowGroup.add(observer, row: key)
    hasObservers = true
  }

  /// The row group of the collection identified by `id`, if it has one.
  private func findRowGroup(_ id: ObjectIdentifier) -> RowObserverGroup? {
    rowGroups.first { ObjectIdentifier($0.id) == id }
  }

  /// How many observers are live, outside of row groups and in them (after removing those of
  /// released stores).
  package var observerCount: Int {
    removeReleasedObservers()
    return observers.count + rowGroups.reduce(0) { $0 + $1.liveCount }
  }

  // MARK: - Streams of states

  /// Starts a stream of states: `current` now, then the state after each action.
  package func subscribe(
    _ onState: @escaping @MainActor (State) -> Void, current: State
  ) -> UInt64 {
    nextSubscriberID += 1
    if !hasSubscribers, SharedRegistry.anyBoxCreated {
      sharedVersionsSent = SharedSnapshotTable.versions(in: current)
    }
    stateSubscribers[nextSubscriberID] = onState
    hasSubscribers = true
    onState(current)
    return nextSubscriberID
  }

  /// Stops a stream started by ``subscribe(_:current:)``.
  package func unsubscribe(_ id: UInt64) {
    stateSubscribers[id] = nil
    hasSubscribers = !stateSubscribers.isEmpty
  }

  /// How many streams of states are subscribed.
  package var subscriberCount: Int { stateSubscribers.count }

  // MARK: - After each action

  /// Tells everything that watches the state that an action was reduced: the registrar of a
  /// store that read the whole state, the observers whose part changed, the streams.
  @inline(__always)
  package func didChangeState(_ state: UnsafePointer<State>) {
    if hasObservedStore { notifyObservedStore() }
    if hasObservers { notifyObservers(StateAddress(state)) }
    if hasSubscribers { notifySubscribers(state) }
  }

  /// Tells the registrar of the store that read the whole state. Observation tracking is
  /// one-shot, so until the state is read again nothing needs the registrar. Out of line, as the
  /// other notifications: the send that returns `.none` with nothing observed only tests flags.
  @inline(never)
  private func notifyObservedStore() {
    hasObservedStore = false
    if let store = observedStore {
      observedStore = nil
      store.subject.didChange(\.state)
    }
  }

  /// Hands the state to every stream of states. Out of line: the copy of the state it makes
  /// needs stack space of the state's size, which the caller would otherwise reserve on every
  /// action.
  @inline(never)
  private func notifySubscribers(_ state: UnsafePointer<State>) {
    if SharedRegistry.anyBoxCreated {
      sharedVersionsSent = SharedSnapshotTable.versions(in: state.pointee)
    }
    for subscriber in stateSubscribers.values { subscriber(state.pointee) }
  }

  /// A shared value changed outside this store's reduces, maybe one this state holds: the
  /// observers compare what they read; the streams get the state only if one of its shared
  /// values changed since they last got it.
  package func didChangeSharedValues(_ state: UnsafePointer<State>) {
    if hasObservedStore { notifyObservedStore() }
    // Every row: a shared value's change leaves the collections' versions as they were.
    if hasObservers { notifyObservers(StateAddress(state), checkingEveryRow: true) }
    if hasSubscribers, SharedSnapshotTable.versions(in: state.pointee) != sharedVersionsSent {
      notifySubscribers(state)
    }
  }

  /// Removes the observers of the parts of scoped stores released since the last call, so that
  /// a released store costs nothing after the next action and its snapshots are freed.
  ///
  /// - Complexity: O(1) per released part (O(the row's observers) for a row store's part).
  private func removeReleasedObservers() {
    guard releasedParts.mayHoldReleasedParts else { return }
    takeReleasedObservers()
  }

  /// ``removeReleasedObservers()`` once parts may have been released: out of line, so that the
  /// check after each action is a flag or two.
  @inline(never)
  private func takeReleasedObservers() {
    let parts = releasedParts.take()
    guard !parts.isEmpty else { return }
    for part in parts {
      if part.listPosition >= 0 {
        observers.remove(part)
      } else if let row = part.rowLocation, let group = findRowGroup(row.group) {
        group.remove(part, row: row.key)
        if group.liveCount == 0 { rowGroups.removeAll { $0 === group } }
      }
    }
    hasObservers = !observers.isEmpty || !rowGroups.isEmpty
  }

  /// Notifies the observers whose part of the state changed; checks the rows an action touched
  /// (by the collections' versions), or `checkingEveryRow`.
  private func notifyObservers(_ state: StateAddress, checkingEveryRow: Bool = false) {
    removeReleasedObservers()
    guard hasObservers else { return }
    // Taken out while in use: an observer notified below may read the state again.
    var changed = changedObservers
    changedObservers = []
    // The checks run `==` and key paths of the user's types, which may read this store: they
    // read the state in place (no exclusive access to it is in progress), and what they read
    // registers no observer while the lists are scanned.
    isCheckingObservers = true
    if !observers.isEmpty { observers.takeChanged(in: state, into: &changed) }
    if !rowGroups.isEmpty {
      var hasEmptyGroup = false
      for index in rowGroups.indices {
        let group = rowGroups[index]
        group.takeChanged(in: state, into: &changed, checkingEveryRow: checkingEveryRow)
        if group.liveCount == 0 { hasEmptyGroup = true }
      }
      // A group with no live observer is dropped (and made again by the next read of a row): a
      // parent store that is gone must not leave a group checked after every action.
      if hasEmptyGroup { rowGroups.removeAll { $0.liveCount == 0 } }
    }
    isCheckingObservers = false
    hasObservers = !observers.isEmpty || !rowGroups.isEmpty
    // In order, each one moved out of the array (`popLast()` on the reversed list) and released
    // once notified: an observer read from the array in place was retained and released around
    // its notification, then released again when the array was emptied. One at a time, which
    // also empties the array without `removeAll(keepingCapacity:)`, that goes through
    // `replaceSubrange` for what is mostly one observer.
    if changed.count > 1 { changed.reverse() }
    while let observer = changed.popLast() { observer.notify() }
    changedObservers = changed
  }

  #if DEBUG
  /// Stops the process when the hub breaks an invariant (DEBUG builds only; tests call it
  /// between actions): the observer list and each row group are whole, one group per
  /// collection, and no changed observer is left over from the last notification.
  package func _checkInvariants() {
    observers._checkInvariants()
    for group in rowGroups { group._checkInvariants() }
    let ids = rowGroups.map { ObjectIdentifier($0.id) }
    precondition(
      Set(ids).count == ids.count, "StateChangeNotifier: two row groups of one collection")
    precondition(
      isCheckingObservers || changedObservers.isEmpty,
      "StateChangeNotifier: changed observers left after a notification")
  }
  #endif
}

/// The lists an ``StateChangeNotifier`` reads and writes on every action, kept in its
/// ``UncheckedFields`` (see the hub for why their accesses never overlap).
package struct StateChangeNotifierLists {
  /// The observers changed by the last action, reused between actions.
  var changedObservers: [StateObserver] = []
  /// The row observer groups, one per collection.
  var rowGroups: [RowObserverGroup] = []
}
