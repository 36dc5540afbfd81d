/// A presented child (`ifLet` over a ``PresentationState``): there while something is
/// presented; dismissed on ``PresentationAction/dismiss`` after the parent ran, and an alert or
/// dialog dismissed once the parent handled its action. Its effects are cancelled when it is
/// dismissed, by any route.
@usableFromInline
struct PresentationSlot<State, Action, ChildState, ChildAction>: LensSlot {
  @usableFromInline typealias SlotAction = PresentationAction<ChildAction>
  /// The presented instance (see `presentationInstanceReader(of:)`), read before it runs.
  @usableFromInline typealias Instance = AnyHashable?

  /// What is left for after the parent ran.
  @usableFromInline
  enum AfterParent: WorkAfterParent {
    /// Nothing.
    case nothing
    /// Dismiss what is presented.
    case dismiss
    /// Dismiss the presented alert or dialog if it is still the one with this identity (the
    /// parent did not present another one).
    case dismissEphemeral(AnyHashable)
  }

  @usableFromInline let lens: StateLens<State, PresentationState<ChildState>>
  /// Stands in the state while the child runs outside it (see
  /// ``StateLens/modify(_:stored:placeholder:_:)``): shared by every reduce, so it is never
  /// written in place, and made once, so taking the presentation out allocates nothing.
  @usableFromInline let absent: PresentationState<ChildState>
  @usableFromInline let instance: (ChildState) -> AnyHashable?
  /// The identity of a presented alert or dialog; `nil` when `ChildState` can hold none.
  @usableFromInline let ephemeralIdentity: ((ChildState) -> AnyHashable?)?
  @usableFromInline let scopeEffect: (Effect<ChildAction>, AnyHashable?) -> Effect<Action>
  @usableFromInline let site: SourceSite

  @inlinable
  init(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    site: SourceSite
  ) {
    lens = StateLens(toPresentationState)
    absent = PresentationState(wrappedValue: nil)
    let instance = presentationInstanceReader(of: ChildState.self)
    self.instance = instance
    ephemeralIdentity = ephemeralIdentityReader(of: ChildState.self)
    scopeEffect = Self.effectScoper(
      toPresentationState: toPresentationState, toPresentationAction: toPresentationAction,
      instance: instance)
    self.site = site
  }

  @inlinable @inline(__always)
  func withChild(
    _ state: inout State, _ presentationAction: PresentationAction<ChildAction>, stored: Bool,
    after: inout AfterParent, _ body: (inout ChildState, ChildAction, AnyHashable?) -> Void
  ) -> Bool {
    guard case .presented(let childAction) = presentationAction else {
      after = .dismiss
      return true
    }
    // Read first through a key path: with nothing presented, nothing is written back.
    if !stored, !lens.isStored, lens.read(state).wrappedValue == nil { return false }
    var found = true
    // Through a computed `$destination`, the presentation is taken out while the child runs,
    // so its box (and the arrays in the child state) are mutated in place.
    lens.modify(&state, stored: stored, placeholder: absent) { presentation in
      guard presentation.wrappedValue != nil else {
        found = false
        return
      }
      if let ephemeralIdentity, let before = ephemeralIdentity(presentation.wrappedValue!) {
        after = .dismissEphemeral(before)
      }
      // The instance before the child runs: the one whose effects these are.
      let id = instance(presentation.wrappedValue!)
      body(&presentation.wrappedValue!, childAction, id)
    }
    return found
  }

  /// Dismisses as `after` says.
  @inlinable @inline(__always)
  func afterParent(_ after: AfterParent, _ state: inout State, action: Action) {
    if case .nothing = after { return }
    dismiss(after, &state)
  }

  /// Dismisses as `after` says. Out of line: it runs for a dismissal or an alert's action.
  @usableFromInline
  func dismiss(_ after: AfterParent, _ state: inout State) {
    guard let presented = lens.read(state).wrappedValue else { return }
    if case .dismissEphemeral(let before) = after,
      ephemeralIdentity?(presented) != before
    {
      // The parent presented another alert: it stays.
      return
    }
    lens.modify(&state) { $0.wrappedValue = nil }
  }

  @usableFromInline
  func warnMissingChild(action: Action) {
    runtimeWarn(
      """
      A presentation "ifLet" received a child action when nothing was presented: \
      \(describe(action)). The action was ignored. Make sure child actions are only sent while \
      the child is presented (dismissal cancels the child's effects, so this is usually an \
      action sent from outside, such as a view).
      """, at: site)
  }

  /// Actions embedded in `.presented`, cancellation ids scoped to the presented instance,
  /// `dismiss()` sending `.dismiss`, and the effect tied to the child's lifetime. Out of line:
  /// it runs only when the child returns an effect.
  @usableFromInline
  static func effectScoper(
    toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    instance: @escaping (ChildState) -> AnyHashable?
  ) -> (Effect<ChildAction>, AnyHashable?) -> Effect<Action> {
    let embed = toPresentationAction.embedder
    let toChildState = toPresentationState.appending(
      path: \PresentationState<ChildState>.wrappedValue)
    let locator = ChildLocator.optional(toChildState, instance: instance)
    let dismiss = embed(.dismiss)
    // Names the presentation in test failures, by its action case: described at the first
    // child effect, not when the reducer is built.
    var name: String?
    return { childEffect, id in
      if name == nil { name = presentationName(dismissAction: dismiss) }
      return
        childEffect
        .map { embed(.presented($0)) }
        .withDismiss(sending: dismiss)
        .scoped(
          to: ScopeComponent(
            id: EffectID(child: toChildState, instance: id, name: name!), hasLifetime: true),
          locator: locator)
    }
  }

  /// The name of a presentation for test failures: its action case, such as
  /// `presentation Feature.Action.destination`.
  static func presentationName(dismissAction: Action) -> String {
    let description = describe(dismissAction)
    let suffix = "(.dismiss)"
    let name =
      description.hasSuffix(suffix) ? String(description.dropLast(suffix.count)) : description
    return "presentation \(name)"
  }
}
