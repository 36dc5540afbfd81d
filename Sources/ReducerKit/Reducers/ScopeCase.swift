extension Scope {
  /// Scopes a child reducer to one case of enum state: the child runs while the state is in
  /// that case, and its new state is put back in the case.
  ///
  /// ```swift
  /// struct Destination: Reducer {
  ///   enum State: Equatable { case add(ItemForm.State), edit(ItemForm.State) }
  ///   enum Action: Equatable { case add(ItemForm.Action), edit(ItemForm.Action) }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Scope(state: State.add, action: Action.add) { ItemForm() }
  ///     Scope(state: State.edit, action: Action.edit) { ItemForm() }
  ///   }
  /// }
  /// ```
  ///
  /// - An action for the child while the state is in another case changes nothing and is
  ///   reported as a runtime warning.
  /// - The child's effects are mapped to parent actions, their cancellation ids are scoped to
  ///   the child, and they are cancelled once the state leaves the case (whichever reducer
  ///   changed it) or, for an `Identifiable` case state, holds another id.
  ///
  /// - Parameters:
  ///   - toChildState: The case constructor of the child's state, such as `State.add`.
  ///   - toChildAction: The case constructor of the child's actions, such as `Action.add`.
  ///   - child: The child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: @escaping (ChildState) -> ParentState,
    action toChildAction: @escaping (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      caseState: CasePath(toChildState), action: CasePath(toChildAction), child: child(),
      fileID: fileID, line: line)
  }

  /// Scopes a child reducer to one case of enum state, with the state and action given as
  /// ``CasePath``s.
  ///
  /// ```swift
  /// Scope(state: CasePath(State.add), action: CasePath(Action.add)) { ItemForm() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CasePath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      caseState: toChildState, action: toChildAction, child: child(), fileID: fileID,
      line: line)
  }

  /// Scopes a child reducer to one case of enum state, with the state given as a ``CasePath``
  /// and the action as its case constructor: the spelling for a build without reflection
  /// metadata, where a state case holding a struct is spelled out (see Docs/Reliability.md).
  ///
  /// ```swift
  /// Scope(
  ///   state: CasePath(embed: State.add) { if case .add(let form) = $0 { form } else { nil } },
  ///   action: Action.add
  /// ) { ItemForm() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CasePath<ParentState, ChildState>,
    action toChildAction: @escaping (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      caseState: toChildState, action: CasePath(toChildAction), child: child(),
      fileID: fileID, line: line)
  }

  @inlinable
  init(
    caseState toChildState: CasePath<ParentState, Child.State>,
    action toChildAction: CasePath<ParentAction, Child.Action>,
    child: Child,
    fileID: StaticString,
    line: UInt
  ) {
    self.init(
      slot: FieldOrCaseSlot(
        case: toChildState, action: toChildAction, reducerName: #"A "Scope" on an enum case"#,
        site: SourceSite(fileID: fileID, line: line)),
      action: toChildAction, child: child)
  }
}
