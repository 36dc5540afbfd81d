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
  /// The whole reducer, built once at init. Keeping it the only stored property gives `Scope` a
  /// layout that does not depend on its generic parameters, and building it in a function
  /// generic over the child's state and action (not `Child`'s associated types) spares
  /// unspecialized code a runtime associated-type lookup on every action.
  let resolvedReducer: ResolvedReducer<ParentState, ParentAction>

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
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: action, child: child())
  }

  init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    child: Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    resolvedReducer = Self.makeReducer(
      toChildState: state, toChildAction: action, child: ResolvedReducer(child),
      component: ScopeComponent(id: EffectID(keyPath: state), hasLifetime: false),
      locator: .keyPath(state))
  }

  private static func makeReducer<ChildState, ChildAction>(
    toChildState: WritableKeyPath<ParentState, ChildState>,
    toChildAction: CasePath<ParentAction, ChildAction>,
    child: ResolvedReducer<ChildState, ChildAction>,
    component: ScopeComponent,
    locator: ChildLocator
  ) -> ResolvedReducer<ParentState, ParentAction> {
    let visit = toChildAction.visitor
    let embed = toChildAction.embedder
    let reduceChild = child.reduce
    return ResolvedReducer { state, action in
      var effect = Effect<ChildAction>.none
      let isChildAction = visit(action) { childAction in
        effect = reduceChild(&state[keyPath: toChildState], childAction)
      }
      guard isChildAction, !effect.isNone else { return .none }
      return effect.map(embed).scoped(to: component, locator: locator)
    }
  }

  /// Runs the child reducer when `action` is one of the child's.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    resolvedReducer.reduce(&state, action)
  }
}

extension Scope: ResolvedReducerConvertible {
  package var resolved: ResolvedReducer<ParentState, ParentAction> { resolvedReducer }
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
  public func pull<ParentState, ParentAction>(
    state: WritableKeyPath<ParentState, State>,
    action: CasePath<ParentAction, Action>
  ) -> Scope<ParentState, ParentAction, Self> {
    Scope(state: state, action: action, child: self)
  }
}
