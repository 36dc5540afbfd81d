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
    resolvedReducer = Self.makeReducer(
      toChildState: state, toChildAction: action, child: ResolvedReducer(child))
  }

  /// Builds the reducer. Inlinable, with everything it calls on every action, so that the
  /// closure is compiled in the module that writes the `Scope`, specialized for its concrete
  /// state and action types: no runtime metadata lookup, no key path projection when the child
  /// state is a stored property (reached at its offset instead), no generic value witness call
  /// to copy the child action. What runs only for a child effect stays out of line.
  @inlinable
  static func makeReducer<ChildState, ChildAction>(
    toChildState: WritableKeyPath<ParentState, ChildState>,
    toChildAction: CasePath<ParentAction, ChildAction>,
    child: ResolvedReducer<ChildState, ChildAction>
  ) -> ResolvedReducer<ParentState, ParentAction> {
    let reduceChild = child.reduce
    let (selection, embed, visit) =
      (toChildAction.selection, toChildAction.embedder, toChildAction.visitor)
    let scopeEffect = effectScoper(toChildState: toChildState, toChildAction: toChildAction)
    guard let offset = MemoryLayout<ParentState>.offset(of: toChildState) else {
      return ResolvedReducer { state, action in
        var effect = Effect<ChildAction>.none
        let isChildAction = visitCase(
          action, selection: selection, embed: embed, visitor: visit
        ) { childAction in
          effect = reduceChild(&state[keyPath: toChildState], childAction)
        }
        guard isChildAction, !effect.isNone else { return .none }
        return scopeEffect(effect)
      }
    }
    let level = StoredChildLevel<ParentState, ParentAction, ChildState, ChildAction>(
      reduceChild: reduceChild, selection: selection, embed: embed, visit: visit,
      scopeEffect: scopeEffect, offset: offset)
    return ResolvedReducer { state, action in level.reduce(&state, action) }
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
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    resolvedReducer.reduce(&state, action)
  }
}

/// What a `Scope` level over a stored child property keeps, in one object: its closure then
/// captures a single reference, so calling it passes one pointer instead of unpacking six
/// captured values onto the stack at every level of a nested feature.
@usableFromInline
final class StoredChildLevel<ParentState, ParentAction, ChildState, ChildAction> {
  @usableFromInline let reduceChild: (inout ChildState, ChildAction) -> Effect<ChildAction>
  @usableFromInline let selection: EnumCaseSelection?
  @usableFromInline let embed: (ChildAction) -> ParentAction
  @usableFromInline let visit: (ParentAction, (ChildAction) -> Void) -> Bool
  @usableFromInline let scopeEffect: (Effect<ChildAction>) -> Effect<ParentAction>
  @usableFromInline let offset: Int

  @inlinable
  init(
    reduceChild: @escaping (inout ChildState, ChildAction) -> Effect<ChildAction>,
    selection: EnumCaseSelection?,
    embed: @escaping (ChildAction) -> ParentAction,
    visit: @escaping (ParentAction, (ChildAction) -> Void) -> Bool,
    scopeEffect: @escaping (Effect<ChildAction>) -> Effect<ParentAction>,
    offset: Int
  ) {
    self.reduceChild = reduceChild
    self.selection = selection
    self.embed = embed
    self.visit = visit
    self.scopeEffect = scopeEffect
    self.offset = offset
  }

  /// Runs the child on its state in place when `action` is one of the child's.
  @inlinable
  func reduce(_ state: inout ParentState, _ action: ParentAction) -> Effect<ParentAction> {
    var effect = Effect<ChildAction>.none
    let isChildAction = visitCase(action, selection: selection, embed: embed, visitor: visit) {
      childAction in
      // The documented use of a stored property's offset: the child state is reached in
      // place, as `state[keyPath:]` would, without the key path's runtime projection.
      withUnsafeMutablePointer(to: &state) { parent in
        let child = (UnsafeMutableRawPointer(parent) + offset)
          .assumingMemoryBound(to: ChildState.self)
        effect = reduceChild(&child.pointee, childAction)
      }
    }
    guard isChildAction, !effect.isNone else { return .none }
    return scopeEffect(effect)
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
