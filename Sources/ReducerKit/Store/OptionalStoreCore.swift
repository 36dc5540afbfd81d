/// The core of a store scoped to state that can go away: optional state, a presented child, an
/// enum case, a collection's element (a row store). A view of its parent's, as
/// ``ScopedStoreCore`` is, that also keeps the last state it read or sent an action with, so a
/// view that still holds it can read it; actions sent to it while its state is gone are ignored
/// with a runtime warning.
///
/// A row store whose parent is the root reads its row through a ``RowAccess``: two functions
/// compiled for the row's type.
@MainActor
package final class OptionalStoreCore<ParentState, ParentAction, State, Action>: StoreCore {
  // What a send reads comes first, in the order it reads it.

  let link: ScopedParent<ParentState, ParentAction, State, Action>
  /// The last state seen. A ``StateMemory`` rather than a `State?`: in this generic code each
  /// use of a `State?` looks up `Optional<State>`'s metadata, and a row store updates its last
  /// state after every action it sends and every read.
  private let lastStateMemory: StateMemory
  /// A row store's reads of its row in its parent's state, when the parent is the root (see
  /// ``RowAccess``); ``RowAccess/none`` otherwise. Not optional, with ``hasRowAccess`` saying
  /// whether there is one: binding an optional copies it, a retain and a release of each
  /// function's context.
  private let rowAccess: RowAccess
  private let hasRowAccess: Bool
  /// For the store of a collection's element: its row group and id, so observers of this store
  /// are checked only when an action touched this row.
  var row: RowIdentity?

  /// The last state seen.
  private var lastState: UnsafeMutablePointer<State> {
    lastStateMemory.pointer(to: State.self)
  }

  /// A core for state that can go away. `finder`, when given, finds the state in the parent's in
  /// place (a ``RowReader``'s); without one, it is `toOptionalState` applied to the parent's.
  /// `access`, a row store's (a ``RowReader``'s), is what its sends use when the parent is the
  /// root.
  init(
    parent: Store<ParentState, ParentAction>,
    initialState: State,
    toOptionalState: @escaping (ParentState) -> State?,
    finder: StateFinder? = nil,
    access: RowAccess? = nil,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    link = ScopedParent(
      parent: parent, toState: toOptionalState, fromAction: fromAction, finder: finder)
    lastStateMemory = StateMemory.make(initialState)
    hasRowAccess = access != nil && link.parentStateAddress != nil
    rowAccess = hasRowAccess ? access.unsafelyUnwrapped : .none
  }

  package var isRoot: Bool { false }

  package var registry: EffectRegistry { link.registry }

  /// Whether this core reads its row through a ``RowAccess`` (a row store whose parent is the
  /// root).
  var readsRowDirectly: Bool { hasRowAccess }

  package var isReducing: Bool { link.parent.core.isReducing }

  package var isRunningReducer: Bool { link.parent.core.isRunningReducer }

  /// `nil`: a send checks that the state is still there, so it does more than forward.
  package var forwarder: ActionForwarder<Action>? { nil }

  package var state: State {
    // Read, not kept, during a reduce: the reducer may be between releasing an object and
    // storing its replacement (a `deinit` it runs may read this store), and a last state kept
    // past that object's `deinit` would stop the process (see `StoreRuntime.observe(_:)`).
    if link.isRunningReducer {
      return stateDuringReduce()
    }
    refreshLastState()
    return lastState.pointee
  }

  /// The current state copied without refreshing the last state; the last state when it is
  /// gone. Out of line: only a read made during a reduce gets here.
  @inline(never)
  private func stateDuringReduce() -> State {
    var current: State?
    _ = withCurrentState { current = $0[as: State.self] }
    return current ?? lastState.pointee
  }

  /// Copies the current state, when it is present, into the last state: found in place (no
  /// copy of the parent's state), and kept for when it is gone.
  ///
  /// A row store's state is borrowed where it is stored in the collection (see ``RowReader``),
  /// so nothing may change the collection while it is read. Replacing the last state destroys
  /// the value it held, and destroying a value that holds references may run a `deinit` (an
  /// isolated one runs at once on the main actor) that sends an action, which would change the
  /// collection: such a state is copied while borrowed and the old one destroyed after. A plain
  /// value (`_isPOD`) runs no `deinit`, and is copied over the old one in place.
  private func refreshLastState() {
    if hasRowAccess {
      // A row of the root's state: one call, compiled for the row's type (see `RowAccess`).
      _ = rowAccess.copy(
        link.parentStateAddress.unsafelyUnwrapped, MutableStateAddress(lastState))
      return
    }
    let lastState = lastState
    guard _isPOD(State.self) else { return refreshLastState(holdingReferences: lastState) }
    _ = withCurrentState { state in
      lastState.pointee = state[as: State.self]
    }
  }

  /// ``refreshLastState()`` for a state that holds references: copied into memory on the stack
  /// while borrowed, then moved over the last state once the borrow has ended.
  @inline(never)
  private func refreshLastState(holdingReferences lastState: UnsafeMutablePointer<State>) {
    Self.withScratchState { current in
      let isPresent = withCurrentState { state in
        current.initialize(to: state[as: State.self])
      }
      if isPresent { lastState.pointee = current.move() }
    }
  }

  /// Calls `body` with uninitialized memory for a `State` on the stack, which `body` leaves
  /// uninitialized. Not isolated: a closure isolated to the main actor and handed to the
  /// standard library checks at run time that it runs there (a call into the runtime).
  private nonisolated static func withScratchState(
    _ body: (_ state: UnsafeMutablePointer<State>) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: State.self, capacity: 1) { scratch in
      body(scratch.baseAddress.unsafelyUnwrapped)
    }
  }

  package var isValid: Bool {
    if hasRowAccess { return rowAccess.isPresent(link.parentStateAddress.unsafelyUnwrapped) }
    return withCurrentState { _ in }
  }

  package func withCurrentState(_ body: (_ state: StateAddress) -> Void) -> Bool {
    link.withCurrentState(body)
  }

  package func access(from store: Store<State, Action>) {
    link.parent.core.access(from: link.parent)
  }

  /// Finds this core's state in the root's, through each ancestor. Made once.
  package var finderFromRoot: StateFinder? { rootFinder }
  private lazy var rootFinder: StateFinder = link.makeRootFinder()

  package var releasedParts: ReleasedParts { link.parent.core.releasedParts }

  package func observe(_ observer: StateObserver) {
    if let row {
      // This store knows its id's type: its key is made here, once (see ``RowKey``).
      if observer.part.rowLocation == nil {
        observer.part.rowLocation = (ObjectIdentifier(row.group), row.key)
      }
      link.parent.core.observeRow(
        group: row.group, key: row.key, readVersions: row.readVersions, observer: observer)
    } else {
      link.parent.core.observe(observer)
    }
  }

  package func observeRow(
    group: RowGroupID,
    key: Int,
    readVersions: @escaping (StateAddress) -> CollectionVersions,
    observer: StateObserver
  ) {
    link.observeRow(group: group, key: key, readVersions: readVersions, observer: observer)
  }

  package func send(_ action: Action, group: consuming EffectGroup?) -> StoreTask {
    sendIfPresent(action, group: group, from: nil)
  }

  package func send(_ action: Action, from location: SendLocation) -> StoreTask {
    sendIfPresent(action, group: nil, from: location)
  }

  package func send(
    _ action: Action, group: EffectGroup?, ifPresent isPresent: @escaping @MainActor () -> Bool
  ) -> StoreTask {
    link.send(action, group: group, ifPresent: isPresent)
  }

  /// Sends an action, to be reduced only if this store's state is still present when its turn
  /// comes: sent from inside a reducer, it is queued, and the action being reduced may remove
  /// (or bring back) the state first.
  @inline(never)
  private func sendIfPresent(
    _ action: Action, group: consuming EffectGroup?, from location: SendLocation?
  ) -> StoreTask {
    let task: StoreTask
    // A parent that is the root is called on its runtime directly (optional chaining borrows
    // it), not through its core's existential, which retained it for each call.
    if !link.isReducing {
      // Reduced at once: the state is checked now, with no check to keep for later (a closure
      // allocated per send).
      guard isValid else {
        Self.warnAbsent(action, from: location)
        return StoreTask(group: nil, registry: nil)
      }
      let parentAction = link.fromAction(action)
      // Checked first, not chained (`parent.runtime?.send`): the group is taken by the call,
      // and the compiler counts a chained call as taking it on the other branch too.
      if link.parentRuntime != nil {
        task = link.parentRuntime.unsafelyUnwrapped.send(parentAction, group: group)
      } else {
        // Handed up with a check that captures nothing (no allocation): a parent whose state
        // can go away then only forwards, as for a queued action, rather than running its own
        // `send`, which would check its presence again and refresh its last state (a copy of
        // all of it, which for a collection in it makes the next row mutation copy the whole
        // collection).
        task = link.parent.core.send(parentAction, group: group, ifPresent: { true })
      }
    } else {
      task = link.parent.core.send(link.fromAction(action), group: group) { [self] in
        guard isValid else {
          Self.warnAbsent(action, from: location)
          return false
        }
        return true
      }
    }
    refreshLastState()
    return task
  }

  /// Reports an action sent to this store while its state is gone, at the `send` that sent it
  /// when a view sent it.
  private static func warnAbsent(_ action: Action, from location: SendLocation?) {
    let message = """
      An action was sent to a scoped store whose state is no longer present: \
      \(describe(action)). The action was ignored. A view kept a child store after the \
      child state was dismissed or removed, or an action removed it before an action sent \
      to it from a reducer was reduced.
      """
    if let location {
      runtimeWarn(message, fileID: location.fileID, line: location.line)
    } else {
      runtimeWarn(message)
    }
  }

  package func subscribe(_ onState: @escaping @MainActor (State) -> Void) -> UInt64 {
    link.subscribe(onState)
  }

  package func unsubscriber(for id: UInt64) -> @MainActor () -> Void {
    link.parent.core.unsubscriber(for: id)
  }
}

/// Where a row store sits in its parent's state. (Not nested in the generic core: a generic
/// type's metadata is looked up at run time on every use.)
package struct RowIdentity {
  let group: RowGroupID
  /// The row's ``RowKey``.
  let key: Int
  let readVersions: (StateAddress) -> CollectionVersions
}
