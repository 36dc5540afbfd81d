/// The core of a scoped store: a view of its parent's — a projection of the parent's state and an
/// embedding of actions into the parent's. It owns nothing but those functions (the projection,
/// the same projection as a finder that reads the state in place, the embedding, and the forwarder
/// it composes from it) and, for state that can go away, the last state it read.
///
/// A store scoped to state that can go away (optional state, a collection element) keeps the last
/// state it read or sent an action with, so a view that still holds it can read it; actions sent to it while its state is
/// gone are ignored with a runtime warning.
@MainActor
package final class ScopedStoreCore<ParentState, ParentAction, State, Action>: StoreCore {
  // What a send reads comes first, together (a class's stored properties are laid out in the
  // order they are declared): a send to one of many row stores finds its core out of the
  // processor's caches, and every cache line it touches is a miss.

  /// Sends an action on to the parent's runtime, through the ancestors that only forward (see
  /// ``StoreCore/forwarder``); `nil` for state that can go away, whose sends check presence.
  private let forward: ActionForwarder<Action>?
  let parent: Store<ParentState, ParentAction>
  let fromAction: (Action) -> ParentAction
  /// Finds this core's state in the parent's state and runs a check on it; `nil` when the state
  /// is gone. Made at init: a row store's reader's finder, or `toState` applied to the parent's.
  private let finderInParent: StateFinder
  /// The address of the parent's state when the parent is the root (its runtime's
  /// ``StoreRuntime/stateAddress``, which does not move for the runtime's life): the state is
  /// found from it directly, with no call through the parent's core. The parent, held here,
  /// keeps its runtime and that memory alive.
  private let parentStateAddress: StateAddress?
  /// The parent's runtime when the parent is the root (``Store/runtime``), which a send hands
  /// its action to: read from this core's own field, the compiler calls it without retaining
  /// and releasing it around the call, as it did when it was read through `parent`.
  private let parentRuntime: StoreRuntime<ParentState, ParentAction>?
  /// The last state seen, for a store whose state can go away (`nil` for one whose state
  /// cannot). A ``StateMemory`` rather than a `State?`: in this generic code each use of a
  /// `State?` looks up `Optional<State>`'s metadata, and a row store updates its last state after
  /// every action it sends and every read.
  private let lastStateMemory: StateMemory?
  /// A row store's reads of its row in its parent's state, when the parent is the root (see
  /// ``RowAccess``); ``RowAccess/none`` otherwise. Not optional, with ``hasRowAccess`` saying
  /// whether there is one: binding an optional copies it, a retain and a release of each
  /// function's context.
  private let rowAccess: RowAccess
  private let hasRowAccess: Bool
  /// The effects of the whole store tree (the root's).
  package let registry: EffectRegistry
  let toState: (ParentState) -> State?
  /// For the store of a collection's element: its row group and id, so observers of this store
  /// are checked only when an action touched this row.
  var row: RowIdentity?

  /// The last state seen: only for a store whose state can go away.
  private var lastState: UnsafeMutablePointer<State> {
    lastStateMemory.unsafelyUnwrapped.pointer(to: State.self)
  }

  /// Makes a forwarder from the parent's way up: one that embeds an action with the scope's
  /// `fromAction` and calls the parent's. ``Store/scope(state:action:)`` writes it in inlinable
  /// code, so it is compiled for the user's action types; without one, the forwarder is composed
  /// here, in generic code.
  package typealias Forwarding =
    (@escaping ActionForwarder<ParentAction>) -> ActionForwarder<Action>

  /// `parent`'s forwarder, or its core's `send` when it has none (the root, or a parent whose
  /// state can go away, which checks its presence itself), wrapped by `forwarding`.
  private static func forward(
    to parent: Store<ParentState, ParentAction>,
    with fromAction: @escaping (Action) -> ParentAction,
    forwarding: Forwarding?
  ) -> ActionForwarder<Action> {
    let parentForward: ActionForwarder<ParentAction>
    if let forwarder = parent.core.forwarder {
      parentForward = forwarder
    } else if let runtime = parent.runtime {
      // The root's runtime, called directly: not through its core's existential witness.
      parentForward = { action, group in runtime.send(action, group: group) }
    } else {
      let parentCore = parent.core
      parentForward = { action, group in parentCore.send(action, group: group) }
    }
    if let forwarding { return forwarding(parentForward) }
    return { action, group in parentForward(fromAction(action), group) }
  }

  init(
    parent: Store<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State,
    fromAction: @escaping (Action) -> ParentAction,
    forwarding: Forwarding? = nil
  ) {
    self.parent = parent
    self.toState = toState
    self.fromAction = fromAction
    lastStateMemory = nil
    parentStateAddress = parent.runtime?.stateAddress
    parentRuntime = parent.runtime
    rowAccess = .none
    hasRowAccess = false
    finderInParent = Self.finder(through: toState)
    registry = parent.core.registry
    forward = Self.forward(to: parent, with: fromAction, forwarding: forwarding)
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
    self.parent = parent
    self.toState = toOptionalState
    self.fromAction = fromAction
    lastStateMemory = StateMemory.make(initialState)
    parentStateAddress = parent.runtime?.stateAddress
    parentRuntime = parent.runtime
    hasRowAccess = access != nil && parentStateAddress != nil
    rowAccess = hasRowAccess ? access.unsafelyUnwrapped : .none
    registry = parent.core.registry
    forward = nil
    finderInParent = finder ?? Self.finder(through: toOptionalState)
  }

  package var isRoot: Bool { false }

  /// Whether this core reads its row through a ``RowAccess`` (a row store whose parent is the
  /// root).
  var readsRowDirectly: Bool { hasRowAccess }

  package var isReducing: Bool { parent.core.isReducing }

  package var isRunningReducer: Bool { parent.core.isRunningReducer }

  package var forwarder: ActionForwarder<Action>? { forward }

  package var state: State {
    // A core whose state can go away has a last state.
    guard lastStateMemory != nil else { return projectedState() }
    // Read, not kept, during a reduce: the reducer may be between releasing an object and
    // storing its replacement (a `deinit` it runs may read this store), and a last state kept
    // past that object's `deinit` would stop the process (see `StoreRuntime.observe(_:)`).
    if parentRuntime?.isRunningReducer ?? parent.core.isRunningReducer {
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
      _ = rowAccess.copy(parentStateAddress.unsafelyUnwrapped, MutableStateAddress(lastState))
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

  /// The state of a core whose state cannot go away. Out of line: the `State?` it unwraps would
  /// otherwise have its metadata looked up on every read of a row store's state too.
  @inline(never)
  private func projectedState() -> State {
    toState(parent.core.state)!
  }

  package var isValid: Bool {
    if hasRowAccess { return rowAccess.isPresent(parentStateAddress.unsafelyUnwrapped) }
    return withCurrentState { _ in }
  }

  /// This core's state, found in its parent's in place (through ``finderInParent``): no copy of
  /// the parent's state, which for the root is the whole state of the feature.
  package func withCurrentState(_ body: (_ state: StateAddress) -> Void) -> Bool {
    let finderInParent = finderInParent
    if let parentStateAddress {
      return finderInParent(parentStateAddress) { state in
        body(state)
        return true
      } != nil
    }
    var isPresent = false
    _ = parent.core.withCurrentState { parentState in
      isPresent =
        finderInParent(parentState) { state in
          body(state)
          return true
        } != nil
    }
    return isPresent
  }

  package func access(from store: Store<State, Action>) {
    parent.core.access(from: parent)
  }

  /// The finder of a core without a reader: `toState` applied to the parent's state, in place.
  private static func finder(through toState: @escaping (ParentState) -> State?) -> StateFinder {
    StateFinder { parentState, check in
      guard let state = toState(parentState[as: ParentState.self]) else { return nil }
      return StateAddress.with(state, check)
    }
  }

  /// Finds this core's state in the root's, through each ancestor. Made once.
  package var finderFromRoot: StateFinder? { rootFinder }
  private lazy var rootFinder: StateFinder = {
    guard let parentFinder = parent.core.finderFromRoot else { return finderInParent }
    let finderInParent = finderInParent
    return StateFinder { rootState, check in
      parentFinder(rootState) { parentState in finderInParent(parentState, check) ?? true }
    }
  }()

  package var releasedParts: ReleasedParts { parent.core.releasedParts }

  package func observe(_ observer: StateObserver) {
    if let row {
      // This store knows its id's type: its key is made here, once (see ``RowKey``).
      if observer.part.rowLocation == nil {
        observer.part.rowLocation = (ObjectIdentifier(row.group), row.key)
      }
      parent.core.observeRow(
        group: row.group, key: row.key, readVersions: row.readVersions, observer: observer)
    } else {
      parent.core.observe(observer)
    }
  }

  package func observeRow(
    group: RowGroupID,
    key: Int,
    readVersions: @escaping (StateAddress) -> CollectionVersions,
    observer: StateObserver
  ) {
    let finderInParent = finderInParent
    let foundVersions: (StateAddress) -> CollectionVersions = { parentState in
      var versions = CollectionVersions.gone
      _ = finderInParent(parentState) { state in
        versions = readVersions(state)
        return true
      }
      return versions
    }
    parent.core.observeRow(
      group: group, key: key, readVersions: foundVersions, observer: observer)
  }

  package func send(_ action: Action, group: consuming EffectGroup?) -> StoreTask {
    // The common case (state that cannot go away) stays free of `State?` values: in
    // unspecialized code each one costs a runtime metadata lookup.
    if let forward { return forward(action, group) }
    return sendIfPresent(action, group: group, from: nil)
  }

  package func send(_ action: Action, from location: SendLocation) -> StoreTask {
    if let forward { return forward(action, nil) }
    return sendIfPresent(action, group: nil, from: location)
  }

  package func send(
    _ action: Action, group: EffectGroup?, ifPresent isPresent: @escaping @MainActor () -> Bool
  ) -> StoreTask {
    // `isPresent` is a descendant's check, which covers this store's state too (`isValid`).
    parent.core.send(fromAction(action), group: group, ifPresent: isPresent)
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
    if !(parentRuntime?.isReducing ?? parent.core.isReducing) {
      // Reduced at once: the state is checked now, with no check to keep for later (a closure
      // allocated per send).
      guard isValid else {
        Self.warnAbsent(action, from: location)
        return StoreTask(group: nil, registry: nil)
      }
      let parentAction = fromAction(action)
      // Checked first, not chained (`parent.runtime?.send`): the group is taken by the call,
      // and the compiler counts a chained call as taking it on the other branch too.
      if parentRuntime != nil {
        task = parentRuntime.unsafelyUnwrapped.send(parentAction, group: group)
      } else {
        // Handed up with a check that captures nothing (no allocation): a parent whose state
        // can go away then only forwards, as for a queued action, rather than running its own
        // `send`, which would check its presence again and refresh its last state (a copy of
        // all of it, which for a collection in it makes the next row mutation copy the whole
        // collection).
        task = parent.core.send(parentAction, group: group, ifPresent: { true })
      }
    } else {
      task = parent.core.send(fromAction(action), group: group) { [self] in
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
    let toState = toState
    return parent.core.subscribe { parentState in
      if let state = toState(parentState) { onState(state) }
    }
  }

  package func unsubscriber(for id: UInt64) -> @MainActor () -> Void {
    parent.core.unsubscriber(for: id)
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
