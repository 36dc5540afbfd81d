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
    let caseChild = CaseChild(
      toCaseState: toCaseState, toCaseAction: toCaseAction, reducerName: #"An "ifCaseLet""#,
      fileID: fileID, line: line)
    return ResolvedReducer { state, action in
      var effect = caseChild.reduce(&state, action) { child.reduce(into: &$0, action: $1) }
      let parentEffect = parent.reduce(into: &state, action: action)
      if !parentEffect.isNone { effect = effect.merge(with: parentEffect) }
      return effect
    }
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
