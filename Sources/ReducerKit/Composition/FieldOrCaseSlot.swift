/// A child that is a part of the parent state: a field (a `Scope` over a key path) or a case of
/// the parent's enum (`ifCaseLet`, and a `Scope` over a case path).
///
/// A field is always there and its effects live as long as the store; a case is there only
/// while the state is in it, and its effects are cancelled when the state leaves it (or holds
/// another `Identifiable` instance), by whichever reducer.
@usableFromInline
struct FieldOrCaseSlot<State, Action, ChildState, ChildAction>: ChildSlot {
  @usableFromInline typealias SlotAction = ChildAction
  /// Nothing: a field has one instance, and a case's instance (read before the child runs) is
  /// held by its ``EnumCaseAccess`` while the child runs. (An `AnyHashable?` here was a
  /// destroy of an existential a level on the direct route.)
  @usableFromInline typealias Instance = Void
  @usableFromInline typealias AfterParent = NoWorkAfterParent

  /// The field's offset when it is stored (``StateLens/offset``), else `-1`: what the direct
  /// route reads, with nothing to unwrap.
  @usableFromInline let storedOffset: Int
  /// The field, reached in place; `nil` for a case.
  @usableFromInline let field: StateLens<State, ChildState>?
  /// The case; `nil` for a field.
  @usableFromInline let enumCase: EnumCaseAccess<State, ChildState>?
  @usableFromInline let scopeEffect: (Effect<ChildAction>) -> Effect<Action>
  /// The operator's name in a warning, such as `An "ifCaseLet"`.
  @usableFromInline let reducerName: String
  @usableFromInline let site: SourceSite

  /// A field.
  @inlinable
  init(
    field toChildState: WritableKeyPath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) {
    let field = StateLens(toChildState)
    storedOffset = field.offset
    self.field = field
    enumCase = nil
    scopeEffect = Self.fieldEffectScoper(toChildState: toChildState, toChildAction: toChildAction)
    (reducerName, site) = ("", SourceSite(fileID: #fileID, line: #line))
  }

  /// A case, with the operator's name for the warning about an action sent in another case.
  @inlinable
  init(
    case toCaseState: CasePath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>,
    reducerName: String,
    site: SourceSite
  ) {
    storedOffset = -1
    field = nil
    let enumCase = EnumCaseAccess(toCaseState)
    self.enumCase = enumCase
    scopeEffect = Self.caseEffectScoper(enumCase, toChildAction: toChildAction)
    self.reducerName = reducerName
    self.site = site
  }

  @inlinable
  var isStored: Bool { storedOffset >= 0 }

  @inlinable @inline(__always)
  func withChild(
    _ state: inout State, _ childAction: ChildAction, stored: Bool, after: inout NoWorkAfterParent,
    _ body: (inout ChildState, ChildAction, Void) -> Void
  ) -> Bool {
    if stored {
      StateLens.modify(&state, atOffset: storedOffset) { body(&$0, childAction, ()) }
      return true
    }
    return modifyOnGeneralRoute(&state) { body(&$0, childAction, ()) }
  }

  /// The child through the field's key path or the case. Out of line.
  @usableFromInline
  func modifyOnGeneralRoute(
    _ state: inout State, _ body: (inout ChildState) -> Void
  ) -> Bool {
    if let field {
      field.modify(&state, body)
      return true
    }
    guard let enumCase else { return false }
    return enumCase.modify(&state, body)
  }

  @inlinable
  func scope(_ effect: Effect<ChildAction>, of _: Void) -> Effect<Action> {
    scopeEffect(effect)
  }

  @usableFromInline
  func warnMissingChild(action: Action) {
    runtimeWarn(
      """
      \(reducerName) received a child action when the state was in another case: \
      \(describe(action)). The action was ignored. Make sure child actions are only sent \
      while the state is in the child's case.
      """, at: site)
  }

  /// A field's effects: actions embedded, cancellation ids scoped to the field. Out of line:
  /// it runs only when the child returns an effect.
  @usableFromInline
  static func fieldEffectScoper(
    toChildState: WritableKeyPath<State, ChildState>,
    toChildAction: CasePath<Action, ChildAction>
  ) -> (Effect<ChildAction>) -> Effect<Action> {
    let embed = toChildAction.embedder
    let component = ScopeComponent(id: EffectID(keyPath: toChildState), hasLifetime: false)
    let locator = ChildLocator.keyPath(toChildState)
    return { effect in effect.map(embed).scoped(to: component, locator: locator) }
  }

  /// A case's effects: actions embedded, cancellation ids scoped to the case's instance, and
  /// tied to its lifetime.
  @usableFromInline
  static func caseEffectScoper(
    _ enumCase: EnumCaseAccess<State, ChildState>,
    toChildAction: CasePath<Action, ChildAction>
  ) -> (Effect<ChildAction>) -> Effect<Action> {
    // Stands for this reducer in the child's scope path (an enum case has no key path).
    let owner = EffectID.makeUniqueOwner()
    let locator = ChildLocator.enumCase(enumCase.casePath, instance: enumCase.instance)
    let embed = toChildAction.embedder
    return { childEffect in
      childEffect.map(embed).scoped(
        to: ScopeComponent(
          id: EffectID(child: owner, instance: enumCase.runningInstance, name: enumCase.caseName),
          hasLifetime: true),
        locator: locator)
    }
  }
}
