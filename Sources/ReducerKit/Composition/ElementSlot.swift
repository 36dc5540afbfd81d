/// A child that is one element of an ``IdentifiedArray`` in the parent state (`forEach`),
/// addressed by its id; its effects are cancelled when it is removed.
@usableFromInline
struct ElementSlot<State, Action, ID: Hashable, ChildState, ChildAction>: LensSlot {
  @usableFromInline typealias SlotAction = IdentifiedAction<ID, ChildAction>
  @usableFromInline typealias Instance = ID
  @usableFromInline typealias AfterParent = NoWorkAfterParent

  @usableFromInline let lens: StateLens<State, IdentifiedArray<ID, ChildState>>
  @usableFromInline let scopeEffect: (Effect<ChildAction>, ID) -> Effect<Action>
  @usableFromInline let site: SourceSite

  @inlinable
  init(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ChildState>>,
    action toElementAction: CasePath<Action, IdentifiedAction<ID, ChildAction>>,
    site: SourceSite
  ) {
    lens = StateLens(toElements)
    scopeEffect = Self.effectScoper(toElements: toElements, toElementAction: toElementAction)
    self.site = site
  }

  @inlinable @inline(__always)
  func withChild(
    _ state: inout State, _ slotAction: IdentifiedAction<ID, ChildAction>, stored: Bool,
    after: inout NoWorkAfterParent, _ body: (inout ChildState, ChildAction, ID) -> Void
  ) -> Bool {
    guard case .element(let id, let childAction) = slotAction else { return true }
    var found = false
    lens.modify(&state, stored: stored) { elements in
      found = elements.modifyElement(id: id) { body(&$0, childAction, id) }
    }
    return found
  }

  @usableFromInline
  func warnMissingChild(action: Action) {
    runtimeWarn(
      """
      A "forEach" received an action for an element that is not in the array: \
      \(describe(action)). The action was ignored. Make sure element actions are only \
      sent for elements that are present (removing an element cancels its effects, so this \
      is usually an action sent from outside, such as a view).
      """, at: site)
  }

  /// Actions embedded with the element's id, cancellation ids scoped to the element, and the
  /// effect tied to its lifetime. Out of line: it runs only when an element returns an effect.
  @usableFromInline
  static func effectScoper(
    toElements: WritableKeyPath<State, IdentifiedArray<ID, ChildState>>,
    toElementAction: CasePath<Action, IdentifiedAction<ID, ChildAction>>
  ) -> (Effect<ChildAction>, ID) -> Effect<Action> {
    let embed = toElementAction.embedder
    let locator = ChildLocator.element(toElements)
    return { elementEffect, id in
      elementEffect
        .map { embed(.element(id: id, action: $0)) }
        .scoped(
          to: ScopeComponent(
            id: EffectID(child: toElements, instance: AnyHashable(id)), hasLifetime: true),
          locator: locator)
    }
  }
}
