/// What a ``Store`` runs on: the root store's runtime (``StoreRuntime``, which owns the state, the
/// reducer and the effects), or a scoped store's view of its parent: ``ScopedStoreCore`` for
/// state that is always there, ``OptionalStoreCore`` for state that can go away (an optional
/// child, a row). Both read and send through a ``ScopedParent``.
@MainActor
package protocol StoreCore<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action

  /// The effects of the whole store tree.
  var registry: EffectRegistry { get }

  /// Whether this is the root of its store tree.
  var isRoot: Bool { get }

  /// The current state.
  var state: State { get }

  /// Whether the state can be read (a scoped store whose state went away cannot).
  var isValid: Bool { get }

  /// Calls `body` with the address of the current state, without copying the root's: the root's
  /// own memory, or this core's state found in it (in place for a row store's element; for a
  /// projection through a key path, a temporary copy of the projected state, valid only inside
  /// `body`). Returns `false`, without calling `body`, when the state is gone.
  func withCurrentState(_ body: (_ state: StateAddress) -> Void) -> Bool

  /// Whether the root is reducing an action now: an action sent meanwhile is queued.
  var isReducing: Bool { get }

  /// Whether the root's reducer itself is running now: a read made then must not be kept by the
  /// store (see `StoreRuntime.observe(_:)`).
  var isRunningReducer: Bool { get }

  /// Sends an action; `group` is the group of the effect that sent it, if any. Taken
  /// (`consuming`): a view's send passes a `nil` literal, which then costs no runtime call.
  func send(_ action: Action, group: consuming EffectGroup?) -> StoreTask

  /// Sends an action from outside (a view's `store.send`); `location` is the caller's, where a
  /// warning about it is reported.
  func send(_ action: Action, from location: SendLocation) -> StoreTask

  /// For a scoped core whose state cannot go away: its ``send(_:group:)``, as one function that
  /// embeds the action and hands it on up to the first ancestor that is the root or can lose its
  /// state, composed once when the core is made, so that a send through N such stores is N
  /// embeddings and calls rather than N dispatches through each parent's core. `nil` for the
  /// root and for a core whose state can go away (their `send` does more than forward).
  var forwarder: ActionForwarder<Action>? { get }

  /// Sends an action for a child whose state can go away: it is reduced only if `isPresent()`
  /// holds when its turn comes (at once, or, while an action is being reduced, after the actions
  /// queued before it); otherwise it is ignored (`isPresent` reports why).
  func send(
    _ action: Action, group: EffectGroup?, ifPresent isPresent: @escaping @MainActor () -> Bool
  ) -> StoreTask

  /// Registers interest of `store`'s observers in the whole state.
  func access(from store: Store<State, Action>)

  /// Finds this core's state in the root's state, for the checks of observers; `nil` for the
  /// root.
  var finderFromRoot: StateFinder? { get }

  /// Where the stores of this tree hand the parts they observed when they are released: the
  /// root's.
  var releasedParts: ReleasedParts { get }

  /// Registers an observer of part of this core's state (its check gets the root's state).
  func observe(_ observer: StateObserver)

  /// Registers an observer of one row of a collection in this core's state: `readVersions` gets
  /// the address of this core's state, the observer's check the root's. `key` is the row's
  /// ``RowKey``, made where the id's type is known.
  func observeRow(
    group: RowGroupID,
    key: Int,
    readVersions: @escaping (StateAddress) -> CollectionVersions,
    observer: StateObserver
  )

  /// Starts a stream of states: the current one, then one after each action.
  func subscribe(_ onState: @escaping @MainActor (State) -> Void) -> UInt64

  /// Stops a stream started by ``subscribe(_:)``, when called, without keeping alive the root
  /// that holds it nor this core: a scoped store can be released before its stream ends.
  func unsubscriber(for id: UInt64) -> @MainActor () -> Void
}

/// A scoped store's way to its root, composed once (``StoreCore/forwarder``): embeds an action in
/// its parent's and sends it on, with the group of the effect that sent it.
@usableFromInline
package typealias ActionForwarder<Action> = @MainActor (Action, consuming EffectGroup?) -> StoreTask

extension StoreCore {
  /// A core that never warns about a send: ``send(_:group:)``.
  package func send(_ action: Action, from location: SendLocation) -> StoreTask {
    send(action, group: nil)
  }
}

/// Where a view's `store.send` was called: where a warning about that send is reported.
@usableFromInline
package struct SendLocation: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }
}
