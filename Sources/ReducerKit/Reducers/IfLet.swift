extension Reducer {
  /// Runs a child reducer on optional child state while it is present: a details screen, a sheet,
  /// an alert.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .showDetails: state.details = Details.State(); return .none
  ///     case .hideDetails: state.details = nil; return .none
  ///     case .details: return .none
  ///     }
  ///   }
  ///   .ifLet(\.details, action: Action.details) {
  ///     Details()
  ///   }
  /// }
  /// ```
  ///
  /// - The child runs **before** the parent, so the parent sees the child's changes and can
  ///   dismiss it in response to a child action.
  /// - When the child state becomes `nil` (or, for an `Identifiable` child, its id changes), every
  ///   effect the child started is cancelled, whichever reducer changed it (this one, a sibling in
  ///   the same `body`, a parent above, a `BindingReducer`): the store checks after every action.
  /// - A child action while the child state is `nil` changes nothing and is reported as a runtime
  ///   warning.
  /// - The child's cancellation ids are its own: they never cancel the parent's effects or another
  ///   presentation's.
  ///
  /// - Parameters:
  ///   - toChildState: The key path to the optional child state.
  ///   - toChildAction: The parent action's case for the child's actions.
  ///   - child: The child reducer.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: @escaping (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, Child>
  where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toChildAction: CasePath(toChildAction), instance: { _ in nil }, fileID: fileID, line: line)
  }

  /// Runs a child reducer on optional child state while it is present, with the action given as
  /// a ``CasePath``.
  ///
  /// ```swift
  /// .ifLet(\.details, action: CasePath(Action.details)) { Details() }
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, Child>
  where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toChildAction: toChildAction, instance: { _ in nil }, fileID: fileID, line: line)
  }

  /// Runs a child reducer on optional, identifiable child state while it is present; when the
  /// child's id changes, its effects are cancelled as if it had been dismissed.
  ///
  /// ```swift
  /// .ifLet(\.selectedItem, action: Action.selectedItem) { ItemDetails() }
  /// ```
  @inlinable
  public func ifLet<ChildState: Identifiable, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: @escaping (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, Child>
  where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toChildAction: CasePath(toChildAction), instance: { AnyHashable($0.id) }, fileID: fileID,
      line: line)
  }

  /// Runs a child reducer on optional, identifiable child state, with the action given as a
  /// ``CasePath``.
  ///
  /// ```swift
  /// .ifLet(\.selectedItem, action: CasePath(Action.selectedItem)) { ItemDetails() }
  /// ```
  @inlinable
  public func ifLet<ChildState: Identifiable, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, Child>
  where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toChildAction: toChildAction, instance: { AnyHashable($0.id) }, fileID: fileID, line: line)
  }
}

/// The reducer `ifLet(_:action:then:fileID:line:)` returns.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  /// The whole reducer, built once at init.
  @usableFromInline
  let resolvedReducer: ResolvedReducer<Parent.State, Parent.Action>

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: CasePath<Parent.Action, Child.Action>,
    instance: @escaping (Child.State) -> AnyHashable?,
    fileID: StaticString,
    line: UInt
  ) {
    resolvedReducer = Self.makeReducer(
      parent: ChildReducer(parent), child: ChildReducer(child), toChildState: toChildState,
      toChildAction: toChildAction, instance: instance, fileID: fileID, line: line)
  }

  /// Builds the reducer. Inlinable, with everything it calls on every action, so that the
  /// closure is compiled in the module that writes the `ifLet`, specialized for its concrete
  /// types, and reaches a stored child state at its offset instead of through the key path.
  /// The child and the wrapped parent run as direct calls there (see ``ChildReducer``). What
  /// runs only for a child effect or a misuse warning stays out of line.
  @inlinable
  static func makeReducer<State, Action, ChildState, ChildAction>(
    parent: ChildReducer<Parent>,
    child: ChildReducer<Child>,
    toChildState: WritableKeyPath<State, ChildState?>,
    toChildAction: CasePath<Action, ChildAction>,
    instance: @escaping (ChildState) -> AnyHashable?,
    fileID: StaticString,
    line: UInt
  ) -> ResolvedReducer<State, Action>
  where
    Parent.State == State, Parent.Action == Action, Child.State == ChildState,
    Child.Action == ChildAction
  {
    let (selection, embed, visit) =
      (toChildAction.selection, toChildAction.embedder, toChildAction.visitor)
    let scopeEffect = childEffectScoper(
      toChildState: toChildState, toChildAction: toChildAction, instance: instance)
    let offset = MemoryLayout<State>.offset(of: toChildState)
    // The child state in place: at its offset when it is a stored property (the documented use
    // of `MemoryLayout.offset(of:)`), else through the key path.
    func withChild(_ state: inout State, _ body: (inout ChildState?) -> Void) {
      guard let offset else {
        // Read first: an absent child is not written back, so a setter or an observer of the
        // property does not run for an action that changes nothing.
        guard state[keyPath: toChildState] != nil else {
          var absent: ChildState? = nil
          return body(&absent)
        }
        return body(&state[keyPath: toChildState])
      }
      withUnsafeMutablePointer(to: &state) { root in
        body(
          &(UnsafeMutableRawPointer(root) + offset).assumingMemoryBound(to: ChildState?.self)
            .pointee)
      }
    }
    return ResolvedReducer { state, action in
      var effect = Effect<Action>.none
      _ = visitCase(action, selection: selection, embed: embed, visitor: visit) { childAction in
        withChild(&state) { childState in
          guard childState != nil else {
            return warnAbsentChild(action: action, fileID: fileID, line: line)
          }
          // The instance before the child runs: the one whose effects these are.
          let id = instance(childState!)
          let childEffect = child.reduce(into: &childState!, action: childAction)
          if !childEffect.isNone { effect = scopeEffect(childEffect, id) }
        }
      }
      let parentEffect = parent.reduce(into: &state, action: action)
      if !parentEffect.isNone { effect = effect.merge(with: parentEffect) }
      return effect
    }
  }

  /// What turns a child effect into a parent effect: actions embedded, cancellation ids scoped
  /// to the child instance, and the effect tied to the child's lifetime (the store cancels it
  /// once the child state is `nil`, or holds another instance, after an action, whichever
  /// reducer changed it). Out of line: it runs only when the child returns an effect.
  @usableFromInline
  static func childEffectScoper<State, Action, ChildState, ChildAction>(
    toChildState: WritableKeyPath<State, ChildState?>,
    toChildAction: CasePath<Action, ChildAction>,
    instance: @escaping (ChildState) -> AnyHashable?
  ) -> (Effect<ChildAction>, AnyHashable?) -> Effect<Action> {
    let embed = toChildAction.embedder
    let locator = ChildLocator.optional(toChildState, instance: instance)
    return { childEffect, id in
      childEffect.map(embed).scoped(
        to: ScopeComponent(id: EffectID(child: toChildState, instance: id), hasLifetime: true),
        locator: locator)
    }
  }

  /// Reports a child action that arrived while the child state was `nil`. Out of line: the
  /// warning's text and the description of the action are not part of the hot path.
  @usableFromInline
  static func warnAbsentChild<Action>(action: Action, fileID: StaticString, line: UInt) {
    runtimeWarn(
      """
      An "ifLet" received a child action when the child state was nil: \(describe(action)). \
      The action was ignored. Make sure child actions are only sent while the child state is \
      present (dismissal cancels the child's effects, so this is usually an action sent \
      from outside, such as a view).
      """, fileID: fileID, line: line)
  }

  /// Runs the child (if the action is the child's and the child is present), then the parent.
  ///
  /// The store cancels the child's effects once the child state is `nil` (or holds another
  /// instance) after an action, whichever reducer changed it.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    resolvedReducer.reduce(&state, action)
  }
}

extension _IfLetReducer: ResolvedReducerConvertible {
  @inlinable
  package var resolved: ResolvedReducer<Parent.State, Parent.Action> { resolvedReducer }
}
