extension Reducer {
  /// Runs a presented child feature (a sheet, a popover, a destination enum) while its
  /// ``PresentationState`` holds a state, and dismisses it on ``PresentationAction/dismiss``.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .addTapped:
  ///       state.destination = .add(ItemForm.State())
  ///       return .none
  ///     case .destination:
  ///       return .none
  ///     }
  ///   }
  ///   .ifLet(\.$destination, action: Action.destination) {
  ///     Destination()
  ///   }
  /// }
  /// ```
  ///
  /// - On `.presented(childAction)` the child runs **before** the parent. Sent while nothing is
  ///   presented, it changes nothing and is reported as a runtime warning.
  /// - On `.dismiss` the parent runs with the child still presented, then the state is set to
  ///   `nil`. With nothing presented, `.dismiss` does nothing.
  /// - Every effect of the presented child is cancelled when it is dismissed, by any route: the
  ///   parent (or a sibling reducer, or a reducer above) setting `nil`, `.dismiss`, the child's
  ///   own `dismiss()` (see ``DismissEffect``), or another child presented in its place (another
  ///   case of a destination enum, or a state with another `Identifiable` id).
  /// - Presenting starts no effect.
  /// - An alert or a confirmation dialog (held directly, or as the current case of the
  ///   destination enum) is dismissed in the same reduce as the parent handles one of its
  ///   actions, unless the parent presented a different one then.
  ///
  /// - Parameters:
  ///   - toPresentationState: The projected presentation state, such as `\.$destination`.
  ///   - toPresentationAction: The parent action's case for the presentation's actions.
  ///   - child: The presented child's reducer.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: @escaping (PresentationAction<ChildAction>) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, Child>
  where ChildState == Child.State, ChildAction == Child.Action {
    _PresentationReducer(
      parent: self, child: child(), toPresentationState: toPresentationState,
      toPresentationAction: CasePath(toPresentationAction), fileID: fileID, line: line)
  }

  /// Runs a presented child feature, with the action given as a ``CasePath``.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: CasePath(Action.destination)) { Destination() }
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, Child>
  where ChildState == Child.State, ChildAction == Child.Action {
    _PresentationReducer(
      parent: self, child: child(), toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction, fileID: fileID, line: line)
  }

  /// Handles the dismissal of presented state that has no reducer of its own, such as an alert.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: Action.alert)
  /// ```
  ///
  /// `.dismiss` sets the state to `nil` after the parent ran; an alert or dialog is dismissed
  /// after the parent handled one of its actions.
  @inlinable
  public func ifLet<ChildState, ChildAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: @escaping (PresentationAction<ChildAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    _PresentationReducer(
      parent: self, child: EmptyReducer(), toPresentationState: toPresentationState,
      toPresentationAction: CasePath(toPresentationAction), fileID: fileID, line: line)
  }

  /// Handles the dismissal of presented state that has no reducer of its own, with the action
  /// given as a ``CasePath``.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: CasePath(Action.alert))
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    _PresentationReducer(
      parent: self, child: EmptyReducer(), toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction, fileID: fileID, line: line)
  }
}

/// The reducer the presentation `ifLet(_:action:then:fileID:line:)` returns.
public struct _PresentationReducer<Parent: Reducer, Child: Reducer>: Reducer {
  /// The whole reducer, built once at init.
  @usableFromInline
  let resolvedReducer: ResolvedReducer<Parent.State, Parent.Action>

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toPresentationState: WritableKeyPath<Parent.State, PresentationState<Child.State>>,
    toPresentationAction: CasePath<Parent.Action, PresentationAction<Child.Action>>,
    fileID: StaticString,
    line: UInt
  ) {
    resolvedReducer = Self.makeReducer(
      parent: ChildReducer(parent), child: ChildReducer(child),
      toPresentationState: toPresentationState, toPresentationAction: toPresentationAction,
      fileID: fileID, line: line)
  }

  /// Builds the reducer. Inlinable, with everything it calls for every action, so it is
  /// specialized for the concrete types where the `ifLet` is written; an action that is not the
  /// presentation's costs one case check, and the child and the wrapped parent run as direct
  /// calls (see ``ChildReducer``). What runs only for a child effect, an alert, or a
  /// misuse warning stays out of line.
  @inlinable
  static func makeReducer<State, Action, ChildState, ChildAction>(
    parent: ChildReducer<Parent>,
    child: ChildReducer<Child>,
    toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString,
    line: UInt
  ) -> ResolvedReducer<State, Action>
  where
    Parent.State == State, Parent.Action == Action, Child.State == ChildState,
    Child.Action == ChildAction
  {
    let (selection, embed, visit) =
      (toPresentationAction.selection, toPresentationAction.embedder, toPresentationAction.visitor)
    let instance = presentationInstance(of: ChildState.self)
    let ephemeralIdentity = ephemeralIdentityReader(of: ChildState.self)
    // Stands in the state while the child runs: shared by every reduce (so it is never written
    // in place) and made once (so taking the presentation out allocates nothing).
    let absent = PresentationState<ChildState>(wrappedValue: nil)
    let scopeEffect = childEffectScoper(
      toPresentationState: toPresentationState, toPresentationAction: toPresentationAction,
      instance: instance)
    return ResolvedReducer { state, action in
      var effect = Effect<Action>.none
      var isDismiss = false
      // The identity of the alert (or dialog) presented when its action arrived.
      var ephemeralBefore: AnyHashable? = nil
      let isPresentationAction = visitCase(
        action, selection: selection, embed: embed, visitor: visit
      ) { presentationAction in
        switch presentationAction {
        case .dismiss:
          isDismiss = true
        case .presented(let childAction):
          // The presentation is taken out while the child runs, so its box (and the arrays in
          // the child state) are not shared with the state and are mutated in place: through
          // the key path (a computed `$x`), a write would copy them. The child state is only
          // read in temporaries, which end with their statements, for the same reason.
          var presentation = state[keyPath: toPresentationState]
          guard presentation.wrappedValue != nil else {
            return warnAbsentChild(action: action, fileID: fileID, line: line)
          }
          if let ephemeralIdentity {
            ephemeralBefore = ephemeralIdentity(presentation.wrappedValue!)
          }
          // The instance before the child runs: the one whose effects these are.
          let id = instance(presentation.wrappedValue!)
          state[keyPath: toPresentationState] = absent
          let childEffect = child.reduce(into: &presentation.wrappedValue!, action: childAction)
          state[keyPath: toPresentationState] = presentation
          if !childEffect.isNone { effect = scopeEffect(childEffect, id) }
        }
      }
      let parentEffect = parent.reduce(into: &state, action: action)
      if !parentEffect.isNone { effect = effect.merge(with: parentEffect) }
      guard isPresentationAction else { return effect }
      if isDismiss {
        if state[keyPath: toPresentationState].wrappedValue != nil {
          state[keyPath: toPresentationState].wrappedValue = nil
        }
      } else if let ephemeralBefore, let ephemeralIdentity,
        let presented = state[keyPath: toPresentationState].wrappedValue,
        ephemeralIdentity(presented) == ephemeralBefore
      {
        // The alert's action was handled and the parent did not present another one.
        state[keyPath: toPresentationState].wrappedValue = nil
      }
      return effect
    }
  }

  /// What turns a child effect into a parent effect: actions embedded in `.presented`,
  /// cancellation ids scoped to the presented instance, `dismiss()` sending `.dismiss`, and the
  /// effect tied to the child's lifetime (the store cancels it once nothing, or another
  /// instance, is presented after an action, whichever reducer changed it). Out of line: it
  /// runs only when the child returns an effect.
  @usableFromInline
  static func childEffectScoper<State, Action, ChildState, ChildAction>(
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
  static func presentationName<Action>(dismissAction: Action) -> String {
    let description = describe(dismissAction)
    let suffix = "(.dismiss)"
    let name =
      description.hasSuffix(suffix) ? String(description.dropLast(suffix.count)) : description
    return "presentation \(name)"
  }

  /// The identity of a presented instance (see ``presentationInstanceReader(of:)``). Out of
  /// line: made once per reducer.
  @usableFromInline
  static func presentationInstance<ChildState>(
    of _: ChildState.Type
  ) -> (ChildState) -> AnyHashable? {
    presentationInstanceReader(of: ChildState.self)
  }

  /// Reads the ``EphemeralState/ephemeralIdentity`` of a presented alert or dialog (the state
  /// itself, or the payload of the destination enum's current case); `nil` when `ChildState`
  /// can hold none. Out of line: made once per reducer; a case's payload type is looked up once
  /// per case, and the payload is read without reflection.
  @usableFromInline
  static func ephemeralIdentityReader<ChildState>(
    of _: ChildState.Type
  ) -> ((ChildState) -> AnyHashable?)? {
    if ChildState.self is any EphemeralState.Type {
      return { ($0 as? any EphemeralState).map { AnyHashable($0.ephemeralIdentity) } }
    }
    guard let metadata = EnumMetadata(ChildState.self) else { return nil }
    let payloads = PayloadReaders<ChildState>(metadata)
    return { state in
      let tag = withUnsafePointer(to: state) { metadata.tag(of: UnsafeRawPointer($0)) }
      return payloads.ephemeralIdentity(tag: tag)?(state)
    }
  }

  /// Reports a child action that arrived while nothing was presented. Out of line: the warning's
  /// text and the description of the action are not part of the hot path.
  @usableFromInline
  static func warnAbsentChild<Action>(action: Action, fileID: StaticString, line: UInt) {
    runtimeWarn(
      """
      A presentation "ifLet" received a child action when nothing was presented: \
      \(describe(action)). The action was ignored. Make sure child actions are only sent while \
      the child is presented (dismissal cancels the child's effects, so this is usually an \
      action sent from outside, such as a view).
      """, fileID: fileID, line: line)
  }

  /// Runs the presented child (for its actions), then the parent, then dismisses as asked.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    resolvedReducer.reduce(&state, action)
  }
}

extension _PresentationReducer: ResolvedReducerConvertible {
  @inlinable
  package var resolved: ResolvedReducer<Parent.State, Parent.Action> { resolvedReducer }
}

/// The identity of a presented instance: two states with different identities are different
/// presentations (the effects of the first are cancelled when the second replaces it). For a
/// destination enum, its case (read from its tag, without reflection) and the `Identifiable`
/// id of its payload; for an `Identifiable` state, its id; otherwise none (any value is the
/// same presentation).
func presentationInstanceReader<ChildState>(
  of _: ChildState.Type
) -> (ChildState) -> AnyHashable? {
  let isIdentifiable = ChildState.self is any Identifiable.Type
  guard let metadata = EnumMetadata(ChildState.self) else {
    guard isIdentifiable else { return { _ in nil } }
    return { ($0 as? any Identifiable)?.presentationID }
  }
  let payloads = PayloadReaders<ChildState>(metadata)
  return { state in
    let tag = withUnsafePointer(to: state) { metadata.tag(of: UnsafeRawPointer($0)) }
    if isIdentifiable {
      return AnyHashable(
        CaseInstance(tag: tag, id: (state as? any Identifiable)?.presentationID))
    }
    return AnyHashable(CaseInstance(tag: tag, id: payloads.identity(tag: tag)?(state)))
  }
}

/// The identity of a presented destination: its enum case and its payload's id.
private struct CaseInstance: Hashable {
  let tag: UInt32
  let id: AnyHashable?
}

/// How to read the `Identifiable` id or the ephemeral identity of each case's payload of a
/// destination enum, worked out once per case (by tag) and without `Mirror`: the case's payload
/// type comes from the enum's field records, and the payload is copied out as a case path
/// copies it (``EnumCaseSelection/copyPayload(of:_:_:)``). Used on the main actor only, by the
/// reducer and the store's lifetime checks.
private final class PayloadReaders<Root> {
  typealias Reader = (Root) -> AnyHashable
  private let metadata: EnumMetadata
  /// The enum's cases, read once, when a reader is first needed.
  private lazy var cases: [EnumCase] = metadata.cases ?? []
  private var identities: [UInt32: Reader?] = [:]
  private var ephemeralIdentities: [UInt32: Reader?] = [:]

  init(_ metadata: EnumMetadata) {
    self.metadata = metadata
  }

  /// Reads the `Identifiable` id of case `tag`'s payload; `nil` when it has none.
  func identity(tag: UInt32) -> Reader? {
    reader(tag: tag, cache: &identities) { type, candidate in
      (type as? any Identifiable.Type).map { identityReader($0, candidate) }
    }
  }

  /// Reads the ephemeral identity of case `tag`'s payload (an alert or a dialog); `nil` when the
  /// payload is neither.
  func ephemeralIdentity(tag: UInt32) -> Reader? {
    reader(tag: tag, cache: &ephemeralIdentities) { type, candidate in
      (type as? any EphemeralState.Type).map { ephemeralReader($0, candidate) }
    }
  }

  /// The reader for case `tag`, made by `make` from the case's payload type and storage the
  /// first time, then taken from `cache`.
  private func reader(
    tag: UInt32, cache: inout [UInt32: Reader?],
    make: (Any.Type, EnumCaseSelection.Candidate) -> Reader?
  ) -> Reader? {
    if let known = cache[tag] { return known }
    let reader = payload(tag: tag).flatMap { make($0.0, $0.1) }
    cache[tag] = reader
    return reader
  }

  /// The payload type of case `tag`, and where its payload is stored.
  private func payload(tag: UInt32) -> (Any.Type, EnumCaseSelection.Candidate)? {
    guard let type = cases.first(where: { $0.tag == tag })?.payloadType,
      let candidate = EnumCaseSelection.cached(root: Root.self, value: type).selection
        .candidates.first(where: { $0.tag == tag })
    else { return nil }
    return (type, candidate)
  }

  private func identityReader<Payload: Identifiable>(
    _: Payload.Type, _ candidate: EnumCaseSelection.Candidate
  ) -> Reader {
    let copy = payloadCopier(Payload.self, candidate)
    return { AnyHashable(copy($0).id) }
  }

  private func ephemeralReader<Payload: EphemeralState>(
    _: Payload.Type, _ candidate: EnumCaseSelection.Candidate
  ) -> Reader {
    let copy = payloadCopier(Payload.self, candidate)
    return { AnyHashable(copy($0).ephemeralIdentity) }
  }

  /// Copies the payload out of a value of the case `candidate` describes, as a case path does.
  private func payloadCopier<Payload>(
    _: Payload.Type, _ candidate: EnumCaseSelection.Candidate
  ) -> (Root) -> Payload {
    let metadata = metadata
    return { root in
      withUnsafePointer(to: root) { EnumCaseSelection.copyPayload(of: $0, candidate, metadata) }
    }
  }
}

extension Identifiable {
  fileprivate var presentationID: AnyHashable { AnyHashable(id) }
}
