/// One child-composing reducer: the mechanism behind `Scope`, `ifLet`, presentation `ifLet`,
/// `ifCaseLet`, `forEach` and stack `forEach`, specialised by the ``ChildSlot`` that finds the
/// child and by the parent it wraps (``NoParent`` for `Scope`).
///
/// For an action of the child's case it runs the child on its state in place, scopes the
/// child's effect, then runs the parent, then what the slot left for after the parent. The
/// action reaches the child by one of two routes:
/// - **direct**: the child's case is recognised with one tag test and its payload read in place
///   (``DirectCase``), and the child is a stored property (``StateLens``), so nothing is looked
///   up at run time. Taken when both hold and the child's body is not deferred.
/// - **general**: the case path's selection or closures, out of line.
///
/// Inlinable, with everything it calls on every action, so that it is compiled in the module
/// that writes the operator, specialised for its concrete types. An object rather than a value
/// in the operator: a value is copied out of its parent's storage at each level.
///
/// The slot's types are parameters of their own, not only the slot's associated types: in code
/// that is not specialised (a generic feature), a parameter's metadata is read from the level's
/// own type metadata, where an associated type is looked up in the slot's witness table on
/// every use (`swift_getAssociatedTypeWitness`).
@usableFromInline
final class ChildLevel<
  State, Action, SlotAction, ChildState, ChildAction, AfterParent: WorkAfterParent,
  Slot: ChildSlot, Child: Reducer, Parent: LevelParent
>
where
  Slot.State == State, Slot.Action == Action, Slot.SlotAction == SlotAction,
  Slot.ChildState == ChildState, Slot.ChildAction == ChildAction,
  Slot.AfterParent == AfterParent,
  Child.State == ChildState, Child.Action == ChildAction,
  Parent.State == State, Parent.Action == Action
{
  /// The child's case when one tag test recognises it and the child is stored. First, with the
  /// slot and the child, so that the direct route reads the start of the object.
  @usableFromInline let direct: DirectCase
  @usableFromInline let slot: Slot
  @usableFromInline let child: ResolvedReducer<Child>
  @usableFromInline let parent: Parent
  /// The case path's parts, for the general route.
  @usableFromInline let selection: EnumCaseSelection?
  @usableFromInline let embed: (SlotAction) -> Action
  @usableFromInline let visit: (Action, (SlotAction) -> Void) -> Bool

  @inlinable
  init(
    slot: Slot,
    action toSlotAction: CasePath<Action, SlotAction>,
    child: ResolvedReducer<Child>,
    parent: Parent
  ) {
    // A deferred child (a feature inside its own body) takes the general route, which tests
    // for it.
    direct = DirectCase(toSlotAction.selection, allowed: slot.isStored && !child.isDeferred)
    self.slot = slot
    self.child = child
    self.parent = parent
    (selection, embed, visit) =
      (toSlotAction.selection, toSlotAction.embedder, toSlotAction.visitor)
  }

  /// Runs the child (for an action of its case), then the parent, then what the slot left for
  /// after the parent.
  @inlinable @inline(__always)
  func reduce(_ state: inout State, _ action: Action) -> Effect<Action> {
    var effect = Effect<Action>.none
    var after = AfterParent.nothing
    if direct.exists {
      if direct.matches(action) {
        effect = runChild(&state, direct.payload(of: action), action, direct: true, after: &after)
      }
    } else {
      effect = reduceOnGeneralRoute(&state, action, after: &after)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    slot.afterParent(after, &state, action: action)
    if !parentEffect.isNone { effect = effect.merge(with: parentEffect) }
    return effect
  }

  /// Runs the child `slotAction` addresses, and scopes its effect. `direct: true` only on the
  /// direct route, where the child is stored and its body not deferred.
  @inlinable @inline(__always)
  func runChild(
    _ state: inout State, _ slotAction: SlotAction, _ action: Action,
    direct: Bool, after: inout AfterParent
  ) -> Effect<Action> {
    // The effect is returned through a variable, not as the closure's result: generic code
    // would otherwise look up the runtime metadata of `Effect<ChildAction>` on every call.
    var effect = Effect<Action>.none
    let found = slot.withChild(&state, slotAction, stored: direct, after: &after) {
      childState, childAction, instance in
      let childEffect =
        direct
        ? child.reduceResolved(into: &childState, action: childAction)
        : child.reduce(into: &childState, action: childAction)
      // A switch on the box, not `isNone`: in its `.none` branch the optimizer knows there is
      // nothing to release.
      switch childEffect.box {
      case .none: break
      case .some: effect = slot.scope(childEffect, of: instance)
      }
    }
    if !found { slot.warnMissingChild(action: action) }
    return effect
  }

  /// The general route: the child's case found through the case path. Out of line.
  @inlinable @inline(never)
  func reduceOnGeneralRoute(
    _ state: inout State, _ action: Action, after: inout AfterParent
  ) -> Effect<Action> {
    var effect = Effect<Action>.none
    _ = visitCase(action, selection: selection, embed: embed, visitor: visit) { slotAction in
      effect = runChild(&state, slotAction, action, direct: false, after: &after)
    }
    return effect
  }
}

/// What a ``ChildLevel`` runs after its child: the reducer an operator is applied to
/// (``ResolvedReducer``), or nothing (``NoParent``, for `Scope`).
@usableFromInline
protocol LevelParent {
  associatedtype State
  associatedtype Action
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}

extension ResolvedReducer: LevelParent {
  @usableFromInline typealias State = Child.State
  @usableFromInline typealias Action = Child.Action
}

/// No parent: a `Scope` runs its child alone.
@usableFromInline
struct NoParent<State, Action>: LevelParent {
  @inlinable
  init() {}

  @inlinable @inline(__always)
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
