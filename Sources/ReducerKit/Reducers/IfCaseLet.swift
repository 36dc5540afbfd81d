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
  let parent: ResolvedReducer<Parent.State, Parent.Action>
  let child: ResolvedReducer<Child.State, Child.Action>
  let toCaseState: CasePath<Parent.State, Child.State>
  let toCaseAction: CasePath<Parent.Action, Child.Action>
  /// Stands for this reducer in the child's scope path (an enum case has no key path).
  let owner = EffectID.makeUniqueOwner()
  let isIdentifiable = Child.State.self is any Identifiable.Type
  /// Finds the child in the parent's state, for the store's check that it is still there.
  let locator: ChildLocator
  let fileID: StaticString
  let line: UInt

  init(
    parent: Parent,
    child: Child,
    toCaseState: CasePath<Parent.State, Child.State>,
    toCaseAction: CasePath<Parent.Action, Child.Action>,
    fileID: StaticString,
    line: UInt
  ) {
    self.parent = ResolvedReducer(parent)
    self.child = ResolvedReducer(child)
    self.toCaseState = toCaseState
    self.toCaseAction = toCaseAction
    let isIdentifiable = Child.State.self is any Identifiable.Type
    locator = .enumCase(
      toCaseState,
      instance: { isIdentifiable ? ($0 as? any Identifiable)?.anyID : nil })
    self.fileID = fileID
    self.line = line
  }

  private func component(for childState: Child.State) -> ScopeComponent {
    // The dynamic cast runs only for identifiable child states (checked once, at init).
    let instance = isIdentifiable ? (childState as? any Identifiable)?.anyID : nil
    return ScopeComponent(id: EffectID(child: owner, instance: instance), hasLifetime: true)
  }

  /// Runs the child (if the action is the child's and its case is active), then the parent.
  ///
  /// The store cancels the child's effects once the state has left the case (or holds another
  /// instance) after an action, whichever reducer changed it.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<
    Parent.Action
  > {
    var effect = Effect<Parent.Action>.none
    if let childAction = toCaseAction.extract(from: action) {
      if var childState = toCaseState.extract(from: state) {
        let component = component(for: childState)
        effect = child.reduce(&childState, childAction)
          .map(toCaseAction.embed)
          .scoped(to: component, locator: locator)
        state = toCaseState.embed(childState)
      } else {
        runtimeWarn(
          """
          An "ifCaseLet" received a child action when the state was in another case: \
          \(describe(action)). The action was ignored. Make sure child actions are only sent \
          while the state is in the child's case.
          """, fileID: fileID, line: line)
      }
    }
    return effect.merge(with: parent.reduce(&state, action))
  }
}

extension Identifiable {
  fileprivate var anyID: AnyHashable { AnyHashable(id) }
}
