#if canImport(SwiftUI)
import SwiftUI
#endif

extension Store {
  /// One store per element of a navigation stack, in stack order, each with its element's id:
  /// the stores of the pushed screens.
  ///
  /// ```swift
  /// for (id, elementStore) in store.scope(state: \.path, action: Inventory.Action.path) {
  ///   render(id, elementStore.state)
  /// }
  /// ```
  ///
  /// Each element's store is cached by id and reused while that id stays on the stack (scoping
  /// again returns the same object), and is released once nothing holds it: the cache keeps no
  /// store alive. An element store sends its actions as `.element(id:action:)`; one kept after its
  /// element was popped still reads the last state it saw, and actions it sends then are ignored
  /// with a runtime warning. (The stores are the row stores of `scope(state:action:)` over the
  /// stack's ``IdentifiedArray`` storage, so they are observed per element in the same way: an
  /// action that changes one element notifies only that element's observers.)
  ///
  /// - Complexity: O(*n*) in the number of elements.
  public func scope<ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: @escaping (StackAction<ElementState, ElementAction>) -> Action
  ) -> [(id: StackElementID, store: Store<ElementState, ElementAction>)] {
    let rows = scope(
      state: state.appending(path: \StackState<ElementState>._storage),
      action: { (rowAction: IdentifiedAction<StackElementID, ElementAction>) -> Action in
        switch rowAction {
        case .element(let id, let elementAction):
          action(.element(id: id, action: elementAction))
        }
      })
    let ids = core.state[keyPath: state].ids
    return zip(ids, rows).map { id, row in
      (id, row.scope(state: \StackComponent<ElementState>.element, action: { $0 }))
    }
  }

  /// One store per element of a navigation stack, with the action given as a ``CasePath``.
  ///
  /// ```swift
  /// store.scope(state: \.path, action: CasePath(Inventory.Action.path))
  /// ```
  public func scope<ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: CasePath<Action, StackAction<ElementState, ElementAction>>
  ) -> [(id: StackElementID, store: Store<ElementState, ElementAction>)] {
    scope(state: state, action: action.embed)
  }

  /// The store of the stack element with the given id, or `nil` when it is not on the stack.
  ///
  /// ```swift
  /// if let detailStore = store.scope(state: \.path, action: Inventory.Action.path, id: id) { … }
  /// ```
  ///
  /// The same cached store that the stack's `scope(state:action:)` gives for that element.
  public func scope<ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: @escaping (StackAction<ElementState, ElementAction>) -> Action,
    id: StackElementID
  ) -> Store<ElementState, ElementAction>? {
    scope(state: state, action: action).first { $0.id == id }?.store
  }

  /// A binding to the ids of a navigation stack, for a `NavigationStack(path:)`: reading it
  /// reads the stack's ids (observed, like any field); setting it to a shorter path, as the back
  /// button and the back gesture do, sends `.popFrom(id:)` for the first element that left.
  ///
  /// ```swift
  /// NavigationStack(path: store.stackPath(\.path, action: Inventory.Action.path).swiftUI) {
  ///   InventoryView(store: store)
  /// }
  /// ```
  ///
  /// A path that adds ids the stack does not hold changes nothing (a new screen is pushed by an
  /// action that appends to the stack, or by `.push(id:state:)`): only the pops are sent.
  ///
  /// - Parameters:
  ///   - state: The key path to the stack.
  ///   - action: The parent action's case for stack actions.
  public func stackPath<ElementState, ElementAction>(
    _ state: KeyPath<State, StackState<ElementState>>,
    action: @escaping (StackAction<ElementState, ElementAction>) -> Action
  ) -> StoreBinding<[StackElementID]> {
    StoreBinding(
      get: { self.state[keyPath: state].ids },
      set: { newIDs in
        let ids = self.withState { $0[keyPath: state].ids }
        if let id = stackPopTarget(from: ids, to: newIDs) {
          self.send(action(.popFrom(id: id)))
        }
      })
  }
}

/// The element to pop from when a navigation path changes from `current` to `proposed` (the
/// first id of `current` that `proposed` does not keep at its place), or `nil` when nothing was
/// popped. Ids in `proposed` past the common part are not on the stack: nothing pushes them.
///
/// ```swift
/// stackPopTarget(from: [0, 1, 2], to: [0])  // #1
/// ```
package func stackPopTarget(
  from current: [StackElementID], to proposed: [StackElementID]
) -> StackElementID? {
  for (position, id) in current.enumerated()
  where position >= proposed.count || proposed[position] != id {
    return id
  }
  return nil
}

#if canImport(SwiftUI)
extension View {
  /// Shows the screen of each element of a navigation stack: a `navigationDestination` for the
  /// stack's ids (bound with ``Store/stackPath(_:action:)``) that builds each destination from
  /// its element's store.
  ///
  /// ```swift
  /// NavigationStack(path: store.stackPath(\.path, action: Inventory.Action.path).swiftUI) {
  ///   InventoryView(store: store)
  ///     .navigationDestination(store: store, state: \.path, action: Inventory.Action.path) {
  ///       PathView(store: $0)
  ///     }
  /// }
  /// ```
  ///
  /// Written against Apple's SDKs and not compiled on Linux (no SwiftUI there); the logic it
  /// adapts (per-element stores, the path binding) is compiled and tested on every platform.
  @MainActor
  public func navigationDestination<State, Action, ElementState, ElementAction, Destination: View>(
    store: Store<State, Action>,
    state: KeyPath<State, StackState<ElementState>>,
    action: @escaping (StackAction<ElementState, ElementAction>) -> Action,
    @ViewBuilder destination: @escaping (Store<ElementState, ElementAction>) -> Destination
  ) -> some View {
    navigationDestination(for: StackElementID.self) { id in
      StackDestinationView(
        store: store.scope(state: state, action: action, id: id), destination: destination)
    }
  }
}

/// The destination of one stack element: its view while it is on the stack, nothing after.
@MainActor
private struct StackDestinationView<ElementState, ElementAction, Destination: View>: View {
  let store: Store<ElementState, ElementAction>?
  let destination: (Store<ElementState, ElementAction>) -> Destination

  var body: some View {
    if let store {
      destination(store)
    }
  }
}
#endif
