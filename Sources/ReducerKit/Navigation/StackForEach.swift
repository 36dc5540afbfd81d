extension Reducer {
  /// Runs a destination reducer on each element of a navigation stack (a ``StackState``) for the
  /// actions sent to it, and applies the stack's pushes and pops.
  ///
  /// ```swift
  /// struct Inventory: Reducer {
  ///   struct State: Equatable { var path = StackState<Path.State>() }
  ///   enum Action: Equatable { case path(StackActionOf<Path>) }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in … }
  ///       .forEach(\.path, action: Action.path) {
  ///         Path()
  ///       }
  ///   }
  /// }
  /// ```
  ///
  /// - `.element(id:action:)` runs the destination reducer on the element with that id, in place,
  ///   **before** the parent (as `forEach` over an ``IdentifiedArray`` does).
  /// - `.popFrom(id:)` and `.push(id:state:)` change the stack **after** the parent ran: the
  ///   parent sees the stack as it was (the element being popped is still there; the one being
  ///   pushed not yet). `popFrom` pops that element and every one above it; `push` puts the state
  ///   on top under the given id. Pushing starts no effect.
  /// - An element action or a `popFrom` for an id that is not on the stack, and a `push` for an id
  ///   that is already on it, change nothing in the stack and are reported as runtime warnings
  ///   (the parent still sees the action).
  /// - An element that leaves the stack has every effect it started cancelled, whatever removed
  ///   it: a `popFrom`, the parent's own `state.path.removeLast()` or `pop(to:)`, a sibling
  ///   reducer, a new `StackState` assigned in its place. The store checks after every action.
  /// - Each element's cancellation ids are its own: two elements using `"timer"` never cancel
  ///   each other.
  ///
  /// - Parameters:
  ///   - toStackState: The key path to the stack.
  ///   - toStackAction: The parent action's case for stack actions.
  ///   - destination: The reducer of one element.
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: @escaping (StackAction<DestinationState, DestinationAction>) -> Action,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    forEach(
      toStackState, action: CasePath(toStackAction), destination: destination, fileID: fileID,
      line: line)
  }

  /// Runs a destination reducer on each element of a navigation stack, with the action given as
  /// a ``CasePath``.
  ///
  /// ```swift
  /// .forEach(\.path, action: CasePath(Action.path)) { Path() }
  /// ```
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    ComposedReducer(
      slot: StackElementSlot(
        toStackState, action: toStackAction, site: SourceSite(fileID: fileID, line: line)),
      action: toStackAction, child: destination(), parent: ResolvedReducer(self))
  }
}
