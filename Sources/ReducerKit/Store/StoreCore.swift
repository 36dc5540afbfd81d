import Observation

/// What a ``Store`` runs on: the root core owns the state, the reducer and the effects; a scoped
/// core reads and sends through its parent.
@MainActor
package class StoreCore<State, Action> {
  /// The effects of the whole store tree.
  package let registry: EffectRegistry

  init(registry: EffectRegistry) {
    self.registry = registry
  }

  /// The current state.
  package var state: State { fatalError("subclass must implement") }

  /// Whether the state can be read (a scoped store whose state went away cannot).
  package var isValid: Bool { true }

  /// Sends an action; `group` is the group of the effect that sent it, if any.
  package func send(_ action: Action, group: EffectGroup?) -> StoreTask {
    fatalError("subclass must implement")
  }

  /// Sends an action for a child whose state can go away: it is reduced only if `isPresent()`
  /// holds when its turn comes (at once, or, while an action is being reduced, after the actions
  /// queued before it); otherwise it is ignored (`isPresent` reports why).
  package func send(
    _ action: Action, group: EffectGroup?, ifPresent isPresent: @escaping @MainActor () -> Bool
  ) -> StoreTask {
    fatalError("subclass must implement")
  }

  /// Registers interest of `store`'s observers in the state.
  package func access(from store: Store<State, Action>) {
    fatalError("subclass must implement")
  }

  /// Finds this core's state in the root core's state, for the checks of observers; `nil` for a
  /// root core.
  package var liftToRoot: StateLift? { nil }

  /// Where the stores of this tree hand the parts they observed when they are released: the
  /// root core's.
  package var releasedParts: ReleasedParts { fatalError("subclass must implement") }

  /// Registers an observer of part of this core's state (its check gets the root's state).
  package func observe(_ observer: StateObserver) {
    fatalError("subclass must implement")
  }

  /// Registers an observer of one row of a collection in this core's state: `readVersions` gets
  /// a pointer to this core's state, the observer's check the root's.
  package func observeRow(
    group: RowGroupID,
    id: AnyHashable,
    readVersions:
      @escaping (UnsafeRawPointer) -> CollectionVersions,
    observer: StateObserver
  ) {
    fatalError("subclass must implement")
  }

  /// Starts a stream of states: the current one, then one after each action.
  package func subscribe(_ onState: @escaping @MainActor (State) -> Void) -> UInt64 {
    fatalError("subclass must implement")
  }

  /// Stops a stream started by ``subscribe(_:)``.
  package func unsubscribe(_ id: UInt64) {
    fatalError("subclass must implement")
  }

  /// Stops a stream started by ``subscribe(_:)`` when called, without keeping alive the core
  /// that holds it (the root's), nor this one: a scoped store can be released before its stream
  /// ends.
  package func unsubscriber(for id: UInt64) -> @MainActor () -> Void {
    fatalError("subclass must implement")
  }
}
