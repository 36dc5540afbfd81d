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
  ) -> some Reducer<State, Action>
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
  ) -> some Reducer<State, Action>
  where CaseState == Child.State, CaseAction == Child.Action {
    ComposedReducer(
      slot: FieldOrCaseSlot(
        case: toCaseState, action: toCaseAction, reducerName: #"An "ifCaseLet""#,
        site: SourceSite(fileID: fileID, line: line)),
      action: toCaseAction, child: child(), parent: ResolvedReducer(self))
  }
}
