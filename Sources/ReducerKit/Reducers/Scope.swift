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
  /// `body`), so that nested features run as one specialized call chain. `nil` for a `Scope`
  /// over an enum case of the state, which runs `resolvedReducer`.
  @usableFromInline
  let level: ScopeLevel<ParentState, ParentAction, Child.State, Child.Action, Child>?

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
    let level = ScopeLevel(
      child: ChildReducer(child), toChildState: state, toChildAction: action,
      offset: MemoryLayout<ParentState>.offset(of: state),
      scopeEffect: Self.effectScoper(toChildState: state, toChildAction: action))
    self.level = level
    resolvedReducer = ResolvedReducer { state, action in level.reduce(&state, action) }
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
    // Checked, then unwrapped without a binding: `if let` copies the reference, which costs a
    // retain and a release around the call into the child at every level.
    if level != nil { return level.unsafelyUnwrapped.reduce(&state, action) }
    return reduceThroughResolvedReducer(&state, action)
  }

  /// A `Scope` over an enum case of the state: its resolved reducer. Out of line, so that the
  /// common path does not prepare the closure's arguments.
  @inlinable @inline(never)
  func reduceThroughResolvedReducer(
    _ state: inout ParentState, _ action: ParentAction
  ) -> Effect<ParentAction> {
    resolvedReducer.reduce(&state, action)
  }
}

/// What a `Scope` keeps, in one object: the child reducer (statically typed), how to reach the
/// child state (at its offset when it is a stored property, else through the key path), how to
/// find a child action, and how to turn a child effect into a parent one.
///
/// Inlinable, with everything it calls on every action, so that it is compiled in the module
/// that writes the `Scope`, specialized for its concrete types: no runtime metadata lookup, no
/// key path projection for a stored child state, no generic value witness call to copy the
/// child action, no closure call into the child. What runs only for a child effect stays out
/// of line.
@usableFromInline
final class ScopeLevel<ParentState, ParentAction, ChildState, ChildAction, Child: Reducer>
where Child.State == ChildState, Child.Action == ChildAction {
  /// The child's case when the level can take it with one tag test and reach the child state
  /// at ``directOffset`` (see ``DirectCase``): first, with the offset, so that the common path
  /// reads one cache line of the level.
  @usableFromInline let direct: DirectCase
  /// The child state's offset in the parent state, when ``direct`` exists.
  @usableFromInline let directOffset: Int
  @usableFromInline let child: ChildReducer<Child>
  @usableFromInline let toChildState: WritableKeyPath<ParentState, ChildState>
  @usableFromInline let offset: Int?
  @usableFromInline let selection: EnumCaseSelection?
  @usableFromInline let embed: (ChildAction) -> ParentAction
  @usableFromInline let visit: (ParentAction, (ChildAction) -> Void) -> Bool
  @usableFromInline let scopeEffect: (Effect<ChildAction>) -> Effect<ParentAction>

  @inlinable
  init(
    child: ChildReducer<Child>,
    toChildState: WritableKeyPath<ParentState, ChildState>,
    toChildAction: CasePath<ParentAction, ChildAction>,
    offset: Int?,
    scopeEffect: @escaping (Effect<ChildAction>) -> Effect<ParentAction>
  ) {
    direct = DirectCase(toChildAction.selection, allowed: offset != nil)
    directOffset = offset ?? 0
    self.child = child
    self.toChildState = toChildState
    self.offset = offset
    selection = toChildAction.selection
    embed = toChildAction.embedder
    visit = toChildAction.visitor
    self.scopeEffect = scopeEffect
  }

  /// Runs the child on its state in place when `action` is one of the child's.
  @inlinable @inline(__always)
  func reduce(_ state: inout ParentState, _ action: ParentAction) -> Effect<ParentAction> {
    let effect: Effect<ChildAction>
    if direct.exists {
      guard direct.matches(action) else { return .none }
      effect = runChildDirectly(&state, direct.payload(of: action))
    } else {
      effect = reduceOnGeneralRoute(&state, action)
    }
    // A switch on the box, not `isNone`: in its `.none` branch the optimizer knows there is
    // nothing to release.
    switch effect.box {
    case .none: return .none
    case .some: return scopeEffect(effect)
    }
  }

  /// Runs the child on its state at ``directOffset``.
  @inlinable @inline(__always)
  func runChildDirectly(_ state: inout ParentState, _ action: ChildAction) -> Effect<ChildAction> {
    // The documented use of a stored property's offset: the child state is reached in place,
    // as `state[keyPath:]` would, without the key path's runtime projection.
    // The effect is returned through a variable, not as the closure's result: generic code
    // would otherwise look up the runtime metadata of `Effect<ChildAction>` on every call.
    var effect = Effect<ChildAction>.none
    withUnsafeMutablePointer(to: &state) { parent in
      let childState = (UnsafeMutableRawPointer(parent) + directOffset)
        .assumingMemoryBound(to: ChildState.self)
      effect = child.reduce(into: &childState.pointee, action: action)
    }
    return effect
  }

  /// The level without a direct route: the child action found through the full selection or
  /// the case path's closure, the child state at its offset or through the key path. Out of
  /// line, so that each level inlines its child's levels once on the direct route and once
  /// here, not once per route.
  @inlinable @inline(never)
  func reduceOnGeneralRoute(
    _ state: inout ParentState, _ action: ParentAction
  ) -> Effect<
    ChildAction
  > {
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
    return effect
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
