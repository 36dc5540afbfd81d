/// What every scoped store's core keeps of its parent, and the calls it makes on it: the
/// parent, the projection of its state and the embedding of actions into its actions, and the
/// parent's runtime and state address when the parent is the root (called and read directly,
/// not through the parent's core).
///
/// A value stored first in each core (``ScopedStoreCore`` for state that is always there,
/// ``OptionalStoreCore`` for state that can go away), not a superclass: a core is one type per
/// shape, and each reads these fields first on its send path.
@MainActor
struct ScopedParent<ParentState, ParentAction, State, Action> {
  let parent: Store<ParentState, ParentAction>
  let fromAction: (Action) -> ParentAction
  /// Finds the child's state in the parent's state and runs a check on it; `nil` when the state
  /// is gone: a row store's reader's finder, or `toState` applied to the parent's.
  let finderInParent: StateFinder
  /// The address of the parent's state when the parent is the root (its runtime's
  /// ``StoreRuntime/stateAddress``, which does not move for the runtime's life): the state is
  /// found from it directly, with no call through the parent's core. The parent, held here,
  /// keeps its runtime and that memory alive.
  let parentStateAddress: StateAddress?
  /// The parent's runtime when the parent is the root (``Store/runtime``), which a send hands
  /// its action to: read from this field, the compiler calls it without retaining and
  /// releasing it around the call, as it did when it was read through `parent`.
  let parentRuntime: StoreRuntime<ParentState, ParentAction>?
  /// The effects of the whole store tree (the root's).
  let registry: EffectRegistry
  let toState: (ParentState) -> State?

  /// The parent of a child found by `toState`, or by `finder` when one is given (a row
  /// reader's, which finds the row in place).
  init(
    parent: Store<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State?,
    fromAction: @escaping (Action) -> ParentAction,
    finder: StateFinder? = nil
  ) {
    self.parent = parent
    self.fromAction = fromAction
    finderInParent = finder ?? Self.finder(through: toState)
    parentStateAddress = parent.runtime?.stateAddress
    parentRuntime = parent.runtime
    registry = parent.core.registry
    self.toState = toState
  }

  /// The finder of a core without a reader: `toState` applied to the parent's state, in place.
  private static func finder(through toState: @escaping (ParentState) -> State?) -> StateFinder {
    StateFinder { parentState, check in
      guard let state = toState(parentState[as: ParentState.self]) else { return nil }
      return StateAddress.with(state, check)
    }
  }

  /// Whether the root is reducing an action now.
  ///
  /// Always inlined, as everything a core's send calls here: a call to a method of this generic
  /// struct from the cores' unspecialized code passes the struct's metadata, looked up on every
  /// call (`swift_getGenericMetadata`).
  @inline(__always)
  var isReducing: Bool { parentRuntime?.isReducing ?? parent.core.isReducing }

  /// Whether the root's reducer itself is running now.
  @inline(__always)
  var isRunningReducer: Bool { parentRuntime?.isRunningReducer ?? parent.core.isRunningReducer }

  /// The child's state, found in its parent's in place (through ``finderInParent``): no copy of
  /// the parent's state, which for the root is the whole state of the feature. `false` when the
  /// state is gone.
  func withCurrentState(_ body: (_ state: StateAddress) -> Void) -> Bool {
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

  /// Finds the child's state in the root's, through each ancestor.
  func makeRootFinder() -> StateFinder {
    guard let parentFinder = parent.core.finderFromRoot else { return finderInParent }
    let finderInParent = finderInParent
    return StateFinder { rootState, check in
      parentFinder(rootState) { parentState in finderInParent(parentState, check) ?? true }
    }
  }

  /// Registers a row store's observer with the parent, its collection's versions read through
  /// the child's state.
  func observeRow(
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

  /// Sends an action up for a descendant whose state can go away (see
  /// ``StoreCore/send(_:group:ifPresent:)``): `isPresent` covers this child's state too.
  func send(
    _ action: Action, group: EffectGroup?, ifPresent isPresent: @escaping @MainActor () -> Bool
  ) -> StoreTask {
    parent.core.send(fromAction(action), group: group, ifPresent: isPresent)
  }

  /// Calls `onState` with the child's state after each action, while it is present.
  func subscribe(_ onState: @escaping @MainActor (State) -> Void) -> UInt64 {
    let toState = toState
    return parent.core.subscribe { parentState in
      if let state = toState(parentState) { onState(state) }
    }
  }
}
