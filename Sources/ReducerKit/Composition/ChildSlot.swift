/// Where a composing reducer's child lives, and what the composition does around it: what a
/// ``ChildLevel`` is specialised by. One slot a shape: a stored field (``FieldSlot``, `Scope`),
/// an optional (``OptionalSlot``, `ifLet`), a presentation (``PresentationSlot``), an enum case
/// (``CaseSlot``, `ifCaseLet` and `Scope(state:action:)` over a case), a collection element
/// (``ElementSlot``, `forEach`) and a stack element (``StackElementSlot``).
///
/// The level owns the order (child, then parent, then ``afterParent(_:_:action:)``), the
/// action routing (a direct case, else the case path), which child reducer entry point runs,
/// and the missing-child warning's timing; a slot only finds its child and scopes its effects.
@usableFromInline
protocol ChildSlot {
  /// The parent's state.
  associatedtype State
  /// The parent's action.
  associatedtype Action
  /// The payload of the parent action's case for the child: the child action itself, or a
  /// ``PresentationAction``, ``IdentifiedAction`` or ``StackAction`` around it.
  associatedtype SlotAction
  /// The child's state.
  associatedtype ChildState
  /// The child's action.
  associatedtype ChildAction
  /// Which instance of the child an effect belongs to: read before the child runs.
  associatedtype Instance
  /// Work left for after the parent ran (dismissal, a push or a pop); ``NoWorkAfterParent``
  /// for none.
  associatedtype AfterParent: WorkAfterParent

  /// Whether the child is a stored property the level may reach on its direct route
  /// (``StateLens/isStored``).
  var isStored: Bool { get }

  /// Runs `body` on the child `slotAction` addresses, in place, with its action and instance;
  /// records in `after` what to do once the parent has run. `false` when the addressed child
  /// is not there (the level warns); `true` otherwise, also for a slot action that addresses
  /// no child (a dismissal, a push). `stored: true` only when ``isStored``.
  func withChild(
    _ state: inout State, _ slotAction: SlotAction, stored: Bool, after: inout AfterParent,
    _ body: (inout ChildState, ChildAction, Instance) -> Void
  ) -> Bool

  /// Turns a child effect into the parent's: actions embedded, cancellation ids scoped to the
  /// instance, the effect tied to the child's lifetime.
  func scope(_ effect: Effect<ChildAction>, of instance: Instance) -> Effect<Action>

  /// Does what ``withChild(_:_:stored:after:_:)`` left for after the parent ran; called after
  /// every action, with ``WorkAfterParent/nothing`` for most.
  func afterParent(_ after: AfterParent, _ state: inout State, action: Action)

  /// Reports an action for a child that is not there.
  func warnMissingChild(action: Action)
}

/// A slot whose child is found through one ``StateLens`` from the parent's state (all but
/// ``FieldOrCaseSlot``, which also finds enum cases): stored exactly when its lens is.
@usableFromInline
protocol LensSlot: ChildSlot {
  /// What the lens finds: the child's container (an optional, a presentation, an array).
  associatedtype Container
  /// Finds the child's container in the parent's state.
  var lens: StateLens<State, Container> { get }
  /// Turns a child effect into the parent's (``ChildSlot/scope(_:of:)``): made once, at init,
  /// where the types are concrete, and called only for a child effect.
  var scopeEffect: (Effect<ChildAction>, Instance) -> Effect<Action> { get }
}

extension LensSlot {
  /// Whether the container is a stored property (``StateLens/isStored``).
  @inlinable
  var isStored: Bool { lens.isStored }

  /// The child effect scoped by ``scopeEffect``.
  @inlinable
  func scope(_ effect: Effect<ChildAction>, of instance: Instance) -> Effect<Action> {
    scopeEffect(effect, instance)
  }
}

extension ChildSlot where AfterParent == NoWorkAfterParent {
  /// Nothing is ever left for after the parent.
  @inlinable @inline(__always)
  func afterParent(_ after: NoWorkAfterParent, _ state: inout State, action: Action) {}
}

/// What a ``ChildSlot`` leaves for after the parent ran, with a value for "nothing".
///
/// Not an optional: unspecialized code (a feature nested in a generic type) would look up the
/// runtime metadata of `Optional<Slot.AfterParent>` at every level of every send.
@usableFromInline
protocol WorkAfterParent {
  /// No work.
  static var nothing: Self { get }
}

/// The work of a slot that never leaves any.
@usableFromInline
enum NoWorkAfterParent: WorkAfterParent {
  case nothing
}
