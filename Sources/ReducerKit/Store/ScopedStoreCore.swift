/// The core of a store scoped to state that is always there (`store.scope(state: \.field,
/// action: …)`): a view of its parent's, a projection of the parent's state and an embedding of
/// actions into the parent's, and the forwarder it composes from them. It owns nothing else.
///
/// State that can go away (optional state, a collection's element, an enum case) has a core of
/// its own shape, ``OptionalStoreCore``.
@MainActor
package final class ScopedStoreCore<ParentState, ParentAction, State, Action>: StoreCore {
  // What a send reads comes first, in the order it reads it.

  /// Sends an action on to the parent's runtime, through the ancestors that only forward (see
  /// ``StoreCore/forwarder``).
  private let forward: ActionForwarder<Action>
  let link: ScopedParent<ParentState, ParentAction, State, Action>

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
    link = ScopedParent(parent: parent, toState: toState, fromAction: fromAction)
    forward = Self.forward(to: parent, with: fromAction, forwarding: forwarding)
  }

  package var isRoot: Bool { false }

  package var registry: EffectRegistry { link.registry }

  package var isReducing: Bool { link.parent.core.isReducing }

  package var isRunningReducer: Bool { link.parent.core.isRunningReducer }

  package var forwarder: ActionForwarder<Action>? { forward }

  package var state: State {
    link.toState(link.parent.core.state)!
  }

  package var isValid: Bool { link.withCurrentState { _ in } }

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
    link.parent.core.observe(observer)
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
    forward(action, group)
  }

  package func send(_ action: Action, from location: SendLocation) -> StoreTask {
    forward(action, nil)
  }

  package func send(
    _ action: Action, group: EffectGroup?, ifPresent isPresent: @escaping @MainActor () -> Bool
  ) -> StoreTask {
    link.send(action, group: group, ifPresent: isPresent)
  }

  package func subscribe(_ onState: @escaping @MainActor (State) -> Void) -> UInt64 {
    link.subscribe(onState)
  }

  package func unsubscriber(for id: UInt64) -> @MainActor () -> Void {
    link.parent.core.unsubscriber(for: id)
  }
}
