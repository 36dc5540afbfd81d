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
  /// The level itself, called directly by a parent that holds this `Scope` (a feature's
  /// `body`), so that nested features run as one specialized call chain.
  @usableFromInline
  let level: ScopeLevel<ParentState, ParentAction, Child>

  /// The same level as a closure, built once at init in code specialized for the concrete
  /// types: what a store, or a composition that holds reducers as closures, calls.
  @usableFromInline
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

  @inlinable
  init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    child: Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    let child = ChildReducer(child)
    let offset = MemoryLayout<ParentState>.offset(of: state)
    let scopeEffect = Self.effectScoper(toChildState: state, toChildAction: action)
    let level = ScopeLevel(
      // A deferred child (a feature inside its own body) takes the general route.
      direct: DirectCase(action.selection, allowed: offset != nil && !child.isDeferred),
      directOffset: offset ?? 0,
      child: child, scopeEffect: scopeEffect,
      generalRoute: Self.generalRoute(
        child: child, toChildState: state, offset: offset, toChildAction: action,
        scopeEffect: scopeEffect))
    self.level = level
    resolvedReducer = ResolvedReducer { state, action in level.reduce(&state, action) }
  }

  /// The level's route for every shape but the direct one: the child action found through the
  /// full case selection or the case path's closure, the child state at its offset or through
  /// the key path. Built here, in code specialized for the concrete types; called out of line.
  @inlinable
  static func generalRoute<ChildState, ChildAction>(
    child: ChildReducer<Child>,
    toChildState: WritableKeyPath<ParentState, ChildState>,
    offset: Int?,
    toChildAction: CasePath<ParentAction, ChildAction>,
    scopeEffect: @escaping (Effect<ChildAction>) -> Effect<ParentAction>
  ) -> ResolvedReducer<ParentState, ParentAction>
  where ChildState == Child.State, ChildAction == Child.Action {
    let (selection, embed, visit) =
      (toChildAction.selection, toChildAction.embedder, toChildAction.visitor)
    return ResolvedReducer { state, action in
      var effect = Effect<ChildAction>.none
      _ = visitCase(action, selection: selection, embed: embed, visitor: visit) { childAction in
        if let offset {
          withUnsafeMutablePointer(to: &state) { parent in
            let childState = (UnsafeMutableRawPointer(parent) + offset)
              .assumingMemoryBound(to: ChildState.self)
            effect = child.reduce(into: &childState.pointee, action: childAction)
          }
        } else {
          effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
        }
      }
      return effect.isNone ? .none : scopeEffect(effect)
    }
  }

  /// What turns a child effect into a parent effect: actions embedded, cancellation ids scoped
  /// to the child. Out of line: it runs only when the child returns an effect.
  @usableFromInline
  static func effectScoper<ChildState, ChildAction>(
    toChildState: WritableKeyPath<ParentState, ChildState>,
    toChildAction: CasePath<ParentAction, ChildAction>
  ) -> (Effect<ChildAction>) -> Effect<ParentAction> {
    let embed = toChildAction.embedder
    let component = ScopeComponent(id: EffectID(keyPath: toChildState), hasLifetime: false)
    let locator = ChildLocator.keyPath(toChildState)
    return { effect in effect.map(embed).scoped(to: component, locator: locator) }
  }

  /// Runs the child reducer when `action` is one of the child's.
  @inlinable @inline(__always)
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    level.reduce(&state, action)
  }
}

/// What a `Scope` keeps, in one object: the child reducer (statically typed), the child's case
/// when one tag test finds it and the child state's offset (the direct route), how to turn a
/// child effect into a parent one, and a closure for every other shape (the general route).
///
/// Inlinable, with everything it calls on every action, so that it is compiled in the module
/// that writes the `Scope`, specialized for its concrete types: no runtime metadata lookup, no
/// key path projection, no closure call into the child. What runs only for a child effect,
/// and the general route, stay out of line. An object rather than a value in the `Scope`: a
/// value is copied out of its parent's storage at each level (a dozen moves a level).
@usableFromInline
final class ScopeLevel<ParentState, ParentAction, Child: Reducer> {
  /// The child's case, when the level can take it with one tag test and reach the child state
  /// at ``directOffset`` (see ``DirectCase``). First, with the offset and the child, so that
  /// the direct route reads one cache line of the level.
  @usableFromInline let direct: DirectCase
  /// The child state's offset in the parent state, when ``direct`` exists.
  @usableFromInline let directOffset: Int
  @usableFromInline let child: ChildReducer<Child>
  /// Turns the child's effect into the parent's, on the direct route.
  @usableFromInline let scopeEffect: (Effect<Child.Action>) -> Effect<ParentAction>
  /// The whole level, for what the direct route does not take: a child case with several
  /// candidates, a boxed payload, a case path of closures, a computed child state, or a
  /// `Scope` over an enum case of the state.
  @usableFromInline let generalRoute: ResolvedReducer<ParentState, ParentAction>

  @inlinable
  init(
    direct: DirectCase,
    directOffset: Int,
    child: ChildReducer<Child>,
    scopeEffect: @escaping (Effect<Child.Action>) -> Effect<ParentAction>,
    generalRoute: ResolvedReducer<ParentState, ParentAction>
  ) {
    self.direct = direct
    self.directOffset = directOffset
    self.child = child
    self.scopeEffect = scopeEffect
    self.generalRoute = generalRoute
  }

  /// Runs the child on its state in place when `action` is one of the child's.
  @inlinable @inline(__always)
  func reduce(_ state: inout ParentState, _ action: ParentAction) -> Effect<ParentAction> {
    guard direct.exists else { return reduceOnGeneralRoute(&state, action) }
    guard direct.matches(action) else { return .none }
    let effect = runChildDirectly(&state, direct.payload(of: action))
    // A switch on the box, not `isNone`: in its `.none` branch the optimizer knows there is
    // nothing to release.
    switch effect.box {
    case .none: return .none
    case .some: return scopeEffect(effect)
    }
  }

  /// Runs the child on its state at ``directOffset``.
  @inlinable @inline(__always)
  func runChildDirectly(
    _ state: inout ParentState, _ action: Child.Action
  ) -> Effect<Child.Action> {
    // The documented use of a stored property's offset: the child state is reached in place,
    // as `state[keyPath:]` would, without the key path's runtime projection.
    // The effect is returned through a variable, not as the closure's result: generic code
    // would otherwise look up the runtime metadata of `Effect<ChildAction>` on every call.
    var effect = Effect<Child.Action>.none
    withUnsafeMutablePointer(to: &state) { parent in
      let childState = (UnsafeMutableRawPointer(parent) + directOffset)
        .assumingMemoryBound(to: Child.State.self)
      effect = child.reduceResolved(into: &childState.pointee, action: action)
    }
    return effect
  }

  /// The general route. Out of line: a branch that calls a closure makes the compiler prepare
  /// the closure's arguments on the common path too.
  @inlinable @inline(never)
  func reduceOnGeneralRoute(
    _ state: inout ParentState, _ action: ParentAction
  ) -> Effect<ParentAction> {
    generalRoute.reduce(&state, action)
  }
}

extension Scope: ResolvedReducerConvertible {
  @inlinable
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
