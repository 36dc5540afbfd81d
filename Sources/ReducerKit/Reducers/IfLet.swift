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
  let parent: ResolvedReducer<Parent.State, Parent.Action>
  let child: ResolvedReducer<Child.State, Child.Action>
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: CasePath<Parent.Action, Child.Action>
  let instance: (Child.State) -> AnyHashable?
  /// Finds the child in the parent's state, for the store's check that it is still there.
  let locator: ChildLocator
  let fileID: StaticString
  let line: UInt

  init(
    parent: Parent,
    child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: CasePath<Parent.Action, Child.Action>,
    instance: @escaping (Child.State) -> AnyHashable?,
    fileID: StaticString,
    line: UInt
  ) {
    self.parent = ResolvedReducer(parent)
    self.child = ResolvedReducer(child)
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.instance = instance
    locator = .optional(toChildState, instance: instance)
    self.fileID = fileID
    self.line = line
  }

  /// The child instance present in `state`, as a scope component, or `nil` when it is absent.
  private func presented(in state: Parent.State) -> ScopeComponent? {
    guard let childState = state[keyPath: toChildState] else { return nil }
    return ScopeComponent(
      id: EffectID(child: toChildState, instance: instance(childState)), hasLifetime: true)
  }

  /// Runs the child (if the action is the child's and the child is present), then the parent.
  ///
  /// The store cancels the child's effects once the child state is `nil` (or holds another
  /// instance) after an action, whichever reducer changed it.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<
    Parent.Action
  > {
    var effect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if let component = presented(in: state) {
        effect = child.reduce(&state[keyPath: toChildState]!, childAction)
          .map(toChildAction.embed)
          .scoped(to: component, locator: locator)
      } else {
        runtimeWarn(
          """
          An "ifLet" received a child action when the child state was nil: \(describe(action)). \
          The action was ignored. Make sure child actions are only sent while the child state is \
          present (dismissal cancels the child's effects, so this is usually an action sent \
          from outside, such as a view).
          """, fileID: fileID, line: line)
      }
    }
    return effect.merge(with: parent.reduce(&state, action))
  }
}
