/// Runs a child feature's reducer on part of the parent's state, for the child's actions.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.details, action: Action.details) {
///     Details()
///   }
///   Reduce { state, action in
///     // the parent's own logic, which runs after the child's
///   }
/// }
/// ```
///
/// Actions that are not the child's are ignored. The child's effects are mapped back to parent
/// actions, and its cancellation ids are scoped to it: a parent's `.cancel(id: "timer")` does not
/// reach the child's `"timer"`, and two sibling children can use the same id.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  /// The child's ``ChildLevel``, with no parent: a field or a case of the parent state
  /// (``FieldOrCaseSlot``).
  @usableFromInline
  let composed:
    ComposedReducer<
      FieldOrCaseSlot<ParentState, ParentAction, Child.State, Child.Action>, Child,
      NoParent<ParentState, ParentAction>
    >

  /// Scopes a child reducer to the state at `state` and the actions embedded by `action`.
  ///
  /// ```swift
  /// Scope(state: \.counter, action: Action.counter) { Counter() }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path from the parent state to the child state.
  ///   - action: The parent action's case for the child's actions: the case constructor itself,
  ///     such as `Action.counter`.
  ///   - child: The child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: @escaping (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: CasePath(action), child: child())
  }

  /// Scopes a child reducer, with the action given as a ``CasePath``.
  ///
  /// ```swift
  /// Scope(state: \.counter, action: CasePath(Action.counter)) { Counter() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: action, child: child())
  }

  /// The `Scope` of a field.
  @inlinable
  init(
    state: WritableKeyPath<ParentState, Child.State>,
    action: CasePath<ParentAction, Child.Action>,
    child: Child
  ) {
    self.init(slot: FieldOrCaseSlot(field: state, action: action), action: action, child: child)
  }

  /// The `Scope` of a field or a case.
  @inlinable
  init(
    slot: FieldOrCaseSlot<ParentState, ParentAction, Child.State, Child.Action>,
    action: CasePath<ParentAction, Child.Action>,
    child: Child
  ) {
    composed = ComposedReducer(slot: slot, action: action, child: child, parent: NoParent())
  }

  /// Runs the child on its part of `state` when `action` is one of the child's.
  @inlinable @inline(__always)
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    composed.level.reduce(&state, action)
  }
}

extension Scope: ResolvedReducerConvertible {
  @inlinable
  package var resolved: AnyResolvedReducer<ParentState, ParentAction> { composed.resolved }
}

extension Reducer {
  /// This reducer run as a child of a parent feature: the same as ``Scope``, as a method.
  ///
  /// ```swift
  /// let appReducer = CombineReducers {
  ///   Counter().pull(state: \App.State.counter, action: App.Action.counter)
  ///   Settings().pull(state: \App.State.settings, action: App.Action.settings)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path from the parent state to this reducer's state.
  ///   - action: The parent action's case for this reducer's actions.
  @inlinable
  public func pull<ParentState, ParentAction>(
    state: WritableKeyPath<ParentState, State>,
    action: @escaping (Action) -> ParentAction
  ) -> Scope<ParentState, ParentAction, Self> {
    Scope(state: state, action: CasePath(action), child: self)
  }

  /// This reducer run as a child of a parent feature, with the action given as a ``CasePath``.
  ///
  /// ```swift
  /// Counter().pull(state: \App.State.counter, action: CasePath(App.Action.counter))
  /// ```
  @inlinable
  public func pull<ParentState, ParentAction>(
    state: WritableKeyPath<ParentState, State>,
    action: CasePath<ParentAction, Action>
  ) -> Scope<ParentState, ParentAction, Self> {
    Scope(state: state, action: action, child: self)
  }
}
