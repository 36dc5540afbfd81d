extension Reducer {
  /// Runs a child reducer on one case of enum state while that case is active: the logged-in
  /// part of an app, one step of a flow.
  ///
  /// ```swift
  /// struct App: Reducer {
  ///   enum State { case loggedOut(Login.State), loggedIn(Home.State) }
  ///   enum Action { case login(Login.Action), home(Home.Action) }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in … }
  ///       .ifCaseLet(State.loggedOut, action: Action.login) { Login() }
  ///       .ifCaseLet(State.loggedIn, action: Action.home) { Home() }
  ///   }
  /// }
  /// ```
  ///
  /// - The child runs **before** the parent.
  /// - When the state leaves the case (or, for an `Identifiable` child, the child's id changes),
  ///   every effect the child started is cancelled, whichever reducer changed it: the store checks
  ///   after every action.
  /// - A child action while another case is active changes nothing and is reported as a runtime
  ///   warning.
  ///
  /// - Parameters:
  ///   - toCaseState: The state's case constructor, such as `State.loggedIn`.
  ///   - toCaseAction: The action's case constructor for the child's actions.
  ///   - child: The child reducer.
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Child: Reducer>(
    _ toCaseState: @escaping (CaseState) -> State,
    action toCaseAction: @escaping (CaseAction) -> Action,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfCaseLetReducer<Self, Child>
  where CaseState == Child.State, CaseAction == Child.Action {
    ifCaseLet(
      CasePath(toCaseState), action: CasePath(toCaseAction), then: child, fileID: fileID,
      line: line)
  }

  /// Runs a child reducer on one case of enum state, with the cases given as ``CasePath``s.
  ///
  /// ```swift
  /// .ifCaseLet(CasePath(State.loggedIn), action: CasePath(Action.home)) { Home() }
  /// ```
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Child: Reducer>(
    _ toCaseState: CasePath<State, CaseState>,
    action toCaseAction: CasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfCaseLetReducer<Self, Child>
  where CaseState == Child.State, CaseAction == Child.Action {
    _IfCaseLetReducer(
      parent: self, child: child(), toCaseState: toCaseState, toCaseAction: toCaseAction,
      fileID: fileID, line: line)
  }
}

/// The reducer `ifCaseLet(_:action:then:fileID:line:)` returns.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  /// The whole reducer, built once at init.
  @usableFromInline
  let resolvedReducer: ResolvedReducer<Parent.State, Parent.Action>

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toCaseState: CasePath<Parent.State, Child.State>,
    toCaseAction: CasePath<Parent.Action, Child.Action>,
    fileID: StaticString,
    line: UInt
  ) {
    resolvedReducer = Self.makeReducer(
      parent: ChildReducer(parent), child: ChildReducer(child), toCaseState: toCaseState,
      toCaseAction: toCaseAction, fileID: fileID, line: line)
  }

  /// Builds the reducer. Inlinable, with everything it calls on every action, so that the
  /// closure is compiled in the module that writes the `ifCaseLet`, specialized for its concrete
  /// types, where the child and the wrapped parent run as direct calls (see ``ChildReducer``).
  /// What runs only for a child effect or a misuse warning stays out of line.
  @inlinable
  static func makeReducer<State, Action, CaseState, CaseAction>(
    parent: ChildReducer<Parent>,
    child: ChildReducer<Child>,
    toCaseState: CasePath<State, CaseState>,
    toCaseAction: CasePath<Action, CaseAction>,
    fileID: StaticString,
    line: UInt
  ) -> ResolvedReducer<State, Action>
  where
    Parent.State == State, Parent.Action == Action, Child.State == CaseState,
    Child.Action == CaseAction
  {
    let (selection, embed, visit) =
      (toCaseAction.selection, toCaseAction.embedder, toCaseAction.visitor)
    let (stateSelection, embedState, visitState) =
      (toCaseState.selection, toCaseState.embedder, toCaseState.visitor)
    let scopeEffect = caseEffectScoper(toCaseState: toCaseState, toCaseAction: toCaseAction)
    return ResolvedReducer { state, action in
      var effect = Effect<Action>.none
      _ = visitCase(action, selection: selection, embed: embed, visitor: visit) { childAction in
        var caseState: CaseState? = nil
        _ = visitCase(
          state, selection: stateSelection, embed: embedState, visitor: visitState
        ) { caseState = $0 }
        guard var childState = caseState.take() else {
          return warnOtherCase(action: action, fileID: fileID, line: line)
        }
        let childEffect = child.reduce(into: &childState, action: childAction)
        // The instance before the child ran, read from the state still in the case.
        if !childEffect.isNone { effect = scopeEffect(childEffect, state) }
        state = embedState(childState)
      }
      let parentEffect = parent.reduce(into: &state, action: action)
      if !parentEffect.isNone { effect = effect.merge(with: parentEffect) }
      return effect
    }
  }

  /// What turns a child effect into a parent effect, given the state before the child ran:
  /// actions embedded, cancellation ids scoped to the case's instance, and the effect tied to
  /// the child's lifetime (the store cancels it once the state has left the case, or holds
  /// another instance, after an action, whichever reducer changed it). Out of line: it runs only
  /// when the child returns an effect.
  @usableFromInline
  static func caseEffectScoper<State, Action, CaseState, CaseAction>(
    toCaseState: CasePath<State, CaseState>,
    toCaseAction: CasePath<Action, CaseAction>
  ) -> (Effect<CaseAction>, State) -> Effect<Action> {
    // Stands for this reducer in the child's scope path (an enum case has no key path).
    let owner = EffectID.makeUniqueOwner()
    let isIdentifiable = CaseState.self is any Identifiable.Type
    // The dynamic cast runs only for identifiable child states (checked once, here).
    let instance: (CaseState) -> AnyHashable? = {
      isIdentifiable ? ($0 as? any Identifiable)?.anyID : nil
    }
    let locator = ChildLocator.enumCase(toCaseState, instance: instance)
    let embed = toCaseAction.embedder
    // Names the case in test failures: described at the first child effect, not when the
    // reducer is built.
    var name: String?
    return { childEffect, state in
      let id = toCaseState.extract(from: state).flatMap(instance)
      if name == nil { name = EffectID.caseName(of: state) }
      return childEffect.map(embed).scoped(
        to: ScopeComponent(
          id: EffectID(child: owner, instance: id, name: name), hasLifetime: true),
        locator: locator)
    }
  }

  /// Reports a child action that arrived while the state was in another case. Out of line: the
  /// warning's text and the description of the action are not part of the hot path.
  @usableFromInline
  static func warnOtherCase<Action>(action: Action, fileID: StaticString, line: UInt) {
    runtimeWarn(
      """
      An "ifCaseLet" received a child action when the state was in another case: \
      \(describe(action)). The action was ignored. Make sure child actions are only sent \
      while the state is in the child's case.
      """, fileID: fileID, line: line)
  }

  /// Runs the child (if the action is the child's and its case is active), then the parent.
  ///
  /// The store cancels the child's effects once the state has left the case (or holds another
  /// instance) after an action, whichever reducer changed it.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    resolvedReducer.reduce(&state, action)
  }
}

extension _IfCaseLetReducer: ResolvedReducerConvertible {
  @inlinable
  package var resolved: ResolvedReducer<Parent.State, Parent.Action> { resolvedReducer }
}

extension Identifiable {
  fileprivate var anyID: AnyHashable { AnyHashable(id) }
}
