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
  init<ChildState, ChildAction>(
    caseState toChildState: CasePath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    child: Child,
    fileID: StaticString,
    line: UInt
  ) where ChildState == Child.State, ChildAction == Child.Action {
    let child = ChildReducer(child)
    let caseReducer = Self.makeCaseReducer(
      toCaseState: toChildState, toCaseAction: toChildAction, child: child.resolved,
      fileID: fileID, line: line)
    // No direct route: the state is a case, not a stored property. The level's effect scoper
    // is then never called (the case reducer scopes its effects to the case's instance).
    let embed = toChildAction.embedder
    level = ScopeLevel(
      direct: .unavailable, directOffset: 0, child: child,
      scopeEffect: { $0.map(embed) }, generalRoute: caseReducer)
    resolvedReducer = caseReducer
  }

  /// Builds the reducer for one case. Inlinable, with everything it calls for every action, so
  /// that it is specialized where the `Scope` is written: an action that is not the child's costs
  /// one case check. What runs only for a child effect or a misuse warning stays out of line.
  @inlinable
  static func makeCaseReducer<CaseState, CaseAction>(
    toCaseState: CasePath<ParentState, CaseState>,
    toCaseAction: CasePath<ParentAction, CaseAction>,
    child: ResolvedReducer<CaseState, CaseAction>,
    fileID: StaticString,
    line: UInt
  ) -> ResolvedReducer<ParentState, ParentAction> {
    let (selection, embed, visit) =
      (toCaseAction.selection, toCaseAction.embedder, toCaseAction.visitor)
    let (stateSelection, embedState, visitState) =
      (toCaseState.selection, toCaseState.embedder, toCaseState.visitor)
    let reduceChild = child.reduce
    let scopeEffect = caseEffectScoper(toCaseState: toCaseState, toCaseAction: toCaseAction)
    return ResolvedReducer { state, action in
      var effect = Effect<ParentAction>.none
      _ = visitCase(action, selection: selection, embed: embed, visitor: visit) { childAction in
        var caseState: CaseState? = nil
        _ = visitCase(
          state, selection: stateSelection, embed: embedState, visitor: visitState
        ) { caseState = $0 }
        guard var childState = caseState.take() else {
          return warnOtherCase(action: action, fileID: fileID, line: line)
        }
        let childEffect = reduceChild(&childState, childAction)
        // The instance before the child ran, read from the state still in the case.
        if !childEffect.isNone { effect = scopeEffect(childEffect, state) }
        state = embedState(childState)
      }
      return effect
    }
  }

  /// What turns a child effect into a parent effect, given the state before the child ran:
  /// actions embedded, cancellation ids scoped to the case's instance, and the effect tied to
  /// the case's lifetime (the store cancels it once the state has left the case, or holds
  /// another instance, after an action, whichever reducer changed it). Out of line: it runs
  /// only when the child returns an effect.
  @usableFromInline
  static func caseEffectScoper<CaseState, CaseAction>(
    toCaseState: CasePath<ParentState, CaseState>,
    toCaseAction: CasePath<ParentAction, CaseAction>
  ) -> (Effect<CaseAction>, ParentState) -> Effect<ParentAction> {
    // Stands for this reducer in the child's scope path (an enum case has no key path).
    let owner = EffectID.makeUniqueOwner()
    let isIdentifiable = CaseState.self is any Identifiable.Type
    let instance: (CaseState) -> AnyHashable? = {
      isIdentifiable ? ($0 as? any Identifiable)?.caseScopeID : nil
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
  static func warnOtherCase(action: ParentAction, fileID: StaticString, line: UInt) {
    runtimeWarn(
      """
      A "Scope" on an enum case received a child action when the state was in another case: \
      \(describe(action)). The action was ignored. Make sure child actions are only sent \
      while the state is in the child's case.
      """, fileID: fileID, line: line)
  }
}

extension Identifiable {
  fileprivate var caseScopeID: AnyHashable { AnyHashable(id) }
}
