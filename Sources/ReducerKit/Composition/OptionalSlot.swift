/// A child held in an optional field of the parent state (`ifLet`): there while the field holds
/// a value; its effects are cancelled once the field is `nil`, or holds another `Identifiable`
/// instance, after an action, whichever reducer changed it.
@usableFromInline
struct OptionalSlot<State, Action, ChildState, ChildAction>: LensSlot {
  @usableFromInline typealias SlotAction = ChildAction
  /// The child's `Identifiable` id, read before it runs; `nil` for another child.
  @usableFromInline typealias Instance = AnyHashable?
  @usableFromInline typealias AfterParent = NoWorkAfterParent

  @usableFromInline let lens: StateLens<State, ChildState?>
  @usableFromInline let instance: (ChildState) -> AnyHashable?
  @usableFromInline let scopeEffect: (Effect<ChildAction>, AnyHashable?) -> Effect<Action>
  @usableFromInline let site: SourceSite

  @inlinable
  init(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    site: SourceSite
  ) {
    lens = StateLens(toChildState)
    let instance = instanceIdentity(of: ChildState.self)
    self.instance = instance
    scopeEffect = Self.effectScoper(
      toChildState: toChildState, toChildAction: toChildAction, instance: instance)
    self.site = site
  }

  @inlinable @inline(__always)
  func withChild(
    _ state: inout State, _ childAction: ChildAction, stored: Bool, after: inout NoWorkAfterParent,
    _ body: (inout ChildState, ChildAction, AnyHashable?) -> Void
  ) -> Bool {
    // Read first through a key path: an absent child is not written back, so a setter or an
    // observer of the property does not run for an action that changes nothing.
    if !stored, !lens.isStored, lens.read(state) == nil { return false }
    var found = true
    lens.modify(&state, stored: stored) { childState in
      guard childState != nil else {
        found = false
        return
      }
      // The instance before the child runs: the one whose effects these are.
      body(&childState!, childAction, instance(childState!))
    }
    return found
  }

  @usableFromInline
  func warnMissingChild(action: Action) {
    runtimeWarn(
      """
      An "ifLet" received a child action when the child state was nil: \(describe(action)). \
      The action was ignored. Make sure child actions are only sent while the child state is \
      present (dismissal cancels the child's effects, so this is usually an action sent \
      from outside, such as a view).
      """, at: site)
  }

  /// Actions embedded, cancellation ids scoped to the child instance, and the effect tied to
  /// the child's lifetime. Out of line: it runs only when the child returns an effect.
  @usableFromInline
  static func effectScoper(
    toChildState: WritableKeyPath<State, ChildState?>,
    toChildAction: CasePath<Action, ChildAction>,
    instance: @escaping (ChildState) -> AnyHashable?
  ) -> (Effect<ChildAction>, AnyHashable?) -> Effect<Action> {
    let embed = toChildAction.embedder
    let locator = ChildLocator.optional(toChildState, instance: instance)
    return { childEffect, id in
      childEffect.map(embed).scoped(
        to: ScopeComponent(id: EffectID(child: toChildState, instance: id), hasLifetime: true),
        locator: locator)
    }
  }
}
