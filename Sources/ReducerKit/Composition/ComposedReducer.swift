/// The reducer every composing operator returns (`Scope` holds one too): its ``ChildLevel``,
/// which a parent that holds the operator (a feature's `body`) calls directly, so that nested
/// features run as one specialized call chain; and the same level as a closure, made once at
/// init where the types are concrete, which a store (or a composition that holds reducers as
/// closures) calls.
///
/// The operators return it as `some Reducer<State, Action>`: one type for all of them, told
/// apart by their ``ChildSlot``.
@usableFromInline
struct ComposedReducer<Slot: ChildSlot, Child: Reducer, Parent: LevelParent>: Reducer
where
  Child.State == Slot.ChildState, Child.Action == Slot.ChildAction,
  Parent.State == Slot.State, Parent.Action == Slot.Action
{
  @usableFromInline let level:
    ChildLevel<
      Slot.State, Slot.Action, Slot.SlotAction, Slot.ChildState, Slot.ChildAction,
      Slot.AfterParent, Slot, Child, Parent
    >
  @usableFromInline let resolved: AnyResolvedReducer<Slot.State, Slot.Action>

  @inlinable
  init(
    slot: Slot, action: CasePath<Slot.Action, Slot.SlotAction>, child: Child, parent: Parent
  ) {
    let level = ChildLevel(
      slot: slot, action: action, child: ResolvedReducer(child), parent: parent)
    self.level = level
    resolved = AnyResolvedReducer { state, action in level.reduce(&state, action) }
  }

  /// Runs the child (for an action of its case), then the parent, then what the slot left for
  /// after the parent.
  @inlinable @inline(__always)
  func reduce(into state: inout Slot.State, action: Slot.Action) -> Effect<Slot.Action> {
    level.reduce(&state, action)
  }
}

extension ComposedReducer: ResolvedReducerConvertible {}
