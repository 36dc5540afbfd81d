/// A child that is one element of a ``StackState`` (stack `forEach`), addressed by its
/// ``StackElementID``; pushes and pops are applied after the parent ran, and an element's
/// effects are cancelled when it is popped.
@usableFromInline
struct StackElementSlot<State, Action, ChildState, ChildAction>: LensSlot {
  @usableFromInline typealias SlotAction = StackAction<ChildState, ChildAction>
  @usableFromInline typealias Instance = StackElementID
  @usableFromInline typealias AfterParent = StackChange<ChildState>

  @usableFromInline let lens: StateLens<State, StackState<ChildState>>
  @usableFromInline let scopeEffect: (Effect<ChildAction>, StackElementID) -> Effect<Action>
  @usableFromInline let site: SourceSite

  @inlinable
  init(
    _ toStackState: WritableKeyPath<State, StackState<ChildState>>,
    action toStackAction: CasePath<Action, StackAction<ChildState, ChildAction>>,
    site: SourceSite
  ) {
    lens = StateLens(toStackState)
    scopeEffect = Self.effectScoper(toStackState: toStackState, toStackAction: toStackAction)
    self.site = site
  }

  @inlinable @inline(__always)
  func withChild(
    _ state: inout State, _ stackAction: StackAction<ChildState, ChildAction>, stored: Bool,
    after: inout StackChange<ChildState>,
    _ body: (inout ChildState, ChildAction, StackElementID) -> Void
  ) -> Bool {
    guard case .element(let id, let childAction) = stackAction else {
      after = Self.change(stackAction, in: lens.read(state))
      return true
    }
    var found = false
    lens.modify(&state, stored: stored) { stack in
      found = stack._storage.modifyElement(id: id) { body(&$0.element, childAction, id) }
    }
    return found
  }

  /// What a push or a pop will do, decided before the parent runs.
  @usableFromInline
  static func change(
    _ action: StackAction<ChildState, ChildAction>, in stack: StackState<ChildState>
  ) -> StackChange<ChildState> {
    switch action {
    case .element:
      return .nothing
    case .popFrom(let id):
      return stack._storage.contains(id: id) ? .pop(from: id) : .missingPop(id)
    case .push(let id, let element):
      return .push(id: id, element)
    }
  }

  /// Pushes or pops after the parent ran.
  @inlinable @inline(__always)
  func afterParent(_ change: StackChange<ChildState>, _ state: inout State, action: Action) {
    if case .nothing = change { return }
    applyChange(change, &state, action: action)
  }

  /// Pushes or pops. Out of line: it runs for a push or a pop only.
  @usableFromInline
  func applyChange(_ change: StackChange<ChildState>, _ state: inout State, action: Action) {
    switch change {
    case .nothing:
      return
    case .pop(let id):
      // (The parent may have popped it already: then there is nothing left to do.)
      lens.modify(&state) { $0.pop(from: id) }
    case .missingPop:
      warnMissingChild(action: action)
    case .push(let id, let element):
      var pushed = true
      lens.modify(&state) { pushed = $0.push(element, id: id) }
      if !pushed {
        runtimeWarn(
          """
          A "forEach" over a stack received a push for an id that is already on the stack: \
          \(describe(action)). The stack was left unchanged. Push each element under a new id \
          (an id is given once: use the next one, or "state.path.append" in the reducer).
          """, at: site)
      }
    }
  }

  @usableFromInline
  func warnMissingChild(action: Action) {
    runtimeWarn(
      """
      A "forEach" over a stack received an action for an element that is not on the stack: \
      \(describe(action)). The action was ignored by the stack. Make sure element actions and \
      pops are only sent for elements that are on the stack (popping an element cancels its \
      effects, so this is usually an action sent from outside, such as a view, after a pop).
      """, at: site)
  }

  /// Actions embedded with the element's id, `dismiss()` popping the element, cancellation ids
  /// scoped to it, and the effect tied to its lifetime. Out of line: it runs only when an
  /// element returns an effect.
  @usableFromInline
  static func effectScoper(
    toStackState: WritableKeyPath<State, StackState<ChildState>>,
    toStackAction: CasePath<Action, StackAction<ChildState, ChildAction>>
  ) -> (Effect<ChildAction>, StackElementID) -> Effect<Action> {
    let embed = toStackAction.embedder
    // The lens hands on the element itself, not the component that pairs it with its id: the
    // locators of reducers inside the element (a `Path` enum's case) read a `ChildState`.
    let locator = ChildLocator.element(
      toStackState.appending(path: \StackState<ChildState>._storage),
      child: \StackComponent<ChildState>.element)
    return { elementEffect, id in
      elementEffect
        .map { embed(.element(id: id, action: $0)) }
        .withDismiss(sending: embed(.popFrom(id: id)))
        .scoped(
          to: ScopeComponent(
            id: EffectID(child: toStackState, instance: AnyHashable(id)), hasLifetime: true),
          locator: locator)
    }
  }
}

/// What a stack action other than an element's does once the parent has run.
@usableFromInline
enum StackChange<Element>: WorkAfterParent {
  case nothing
  case pop(from: StackElementID)
  case missingPop(StackElementID)
  case push(id: StackElementID, Element)
}
