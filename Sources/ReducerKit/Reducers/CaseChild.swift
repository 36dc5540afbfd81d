/// The child step of the reducers that run a child on one case of enum state —
/// `Scope(state: State.add, action: Action.add)` and `ifCaseLet(_:action:then:)` — written once:
/// when the action is the child's and the state is in its case, the child runs on the case's
/// state, its effect is scoped to the case's instance, and the new state is put back in the case;
/// a child action while the state is in another case is reported and ignored.
///
/// Inlinable, with everything it calls for every action, so that it is specialized where the
/// reducer is written: an action that is not the child's costs one case check. What runs only
/// for a child effect or a misuse warning stays out of line.
@usableFromInline
struct CaseChild<ParentState, ParentAction, CaseState, CaseAction> {
  @usableFromInline let actionSelection: EnumCaseSelection?
  @usableFromInline let embedAction: (CaseAction) -> ParentAction
  @usableFromInline let visitAction: (ParentAction, (CaseAction) -> Void) -> Bool
  @usableFromInline let stateSelection: EnumCaseSelection?
  @usableFromInline let embedState: (CaseState) -> ParentState
  @usableFromInline let visitState: (ParentState, (CaseState) -> Void) -> Bool
  @usableFromInline let scopeEffect: (Effect<CaseAction>, ParentState) -> Effect<ParentAction>
  /// How the warning for an action in another case names the reducer, such as
  /// `An "ifCaseLet"`.
  @usableFromInline let reducerName: String
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    toCaseState: CasePath<ParentState, CaseState>,
    toCaseAction: CasePath<ParentAction, CaseAction>,
    reducerName: String,
    fileID: StaticString,
    line: UInt
  ) {
    (actionSelection, embedAction, visitAction) =
      (toCaseAction.selection, toCaseAction.embedder, toCaseAction.visitor)
    (stateSelection, embedState, visitState) =
      (toCaseState.selection, toCaseState.embedder, toCaseState.visitor)
    scopeEffect = Self.effectScoper(toCaseState: toCaseState, toCaseAction: toCaseAction)
    self.reducerName = reducerName
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child with `reduceChild` when `action` is the child's and `state` is in its case;
  /// returns the child's effect as the parent's (``Effect/none`` otherwise).
  @inlinable @inline(__always)
  func reduce(
    _ state: inout ParentState, _ action: ParentAction,
    child reduceChild: (inout CaseState, CaseAction) -> Effect<CaseAction>
  ) -> Effect<ParentAction> {
    var effect = Effect<ParentAction>.none
    _ = visitCase(
      action, selection: actionSelection, embed: embedAction, visitor: visitAction
    ) { childAction in
      var caseState: CaseState? = nil
      _ = visitCase(
        state, selection: stateSelection, embed: embedState, visitor: visitState
      ) { caseState = $0 }
      guard var childState = caseState.take() else {
        return Self.warnOtherCase(reducerName, action: action, fileID: fileID, line: line)
      }
      let childEffect = reduceChild(&childState, childAction)
      // The instance before the child ran, read from the state still in the case.
      if !childEffect.isNone { effect = scopeEffect(childEffect, state) }
      state = embedState(childState)
    }
    return effect
  }

  /// What turns a child effect into a parent effect, given the state before the child ran:
  /// actions embedded, cancellation ids scoped to the case's instance, and the effect tied to
  /// the case's lifetime (the store cancels it once the state has left the case, or holds
  /// another instance, after an action, whichever reducer changed it). Out of line: it runs
  /// only when the child returns an effect.
  @usableFromInline
  static func effectScoper(
    toCaseState: CasePath<ParentState, CaseState>,
    toCaseAction: CasePath<ParentAction, CaseAction>
  ) -> (Effect<CaseAction>, ParentState) -> Effect<ParentAction> {
    // Stands for this reducer in the child's scope path (an enum case has no key path).
    let owner = EffectID.makeUniqueOwner()
    let isIdentifiable = CaseState.self is any Identifiable.Type
    // The dynamic cast runs only for identifiable child states (checked once, here).
    let instance: (CaseState) -> AnyHashable? = {
      isIdentifiable ? ($0 as? any Identifiable)?.caseInstanceID : nil
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
  static func warnOtherCase(
    _ reducerName: String, action: ParentAction, fileID: StaticString, line: UInt
  ) {
    runtimeWarn(
      """
      \(reducerName) received a child action when the state was in another case: \
      \(describe(action)). The action was ignored. Make sure child actions are only sent \
      while the state is in the child's case.
      """, fileID: fileID, line: line)
  }
}

extension Identifiable {
  /// The id, as the instance of an enum case's child.
  fileprivate var caseInstanceID: AnyHashable { AnyHashable(id) }
}
