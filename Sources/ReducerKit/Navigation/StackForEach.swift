extension Reducer {
  /// Runs a destination reducer on each element of a navigation stack (a ``StackState``) for the
  /// actions sent to it, and applies the stack's pushes and pops.
  ///
  /// ```swift
  /// struct Inventory: Reducer {
  ///   struct State: Equatable { var path = StackState<Path.State>() }
  ///   enum Action: Equatable { case path(StackActionOf<Path>) }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in … }
  ///       .forEach(\.path, action: Action.path) {
  ///         Path()
  ///       }
  ///   }
  /// }
  /// ```
  ///
  /// - `.element(id:action:)` runs the destination reducer on the element with that id, in place,
  ///   **before** the parent (as `forEach` over an ``IdentifiedArray`` does).
  /// - `.popFrom(id:)` and `.push(id:state:)` change the stack **after** the parent ran: the
  ///   parent sees the stack as it was (the element being popped is still there; the one being
  ///   pushed not yet). `popFrom` pops that element and every one above it; `push` puts the state
  ///   on top under the given id. Pushing starts no effect.
  /// - An element action or a `popFrom` for an id that is not on the stack, and a `push` for an id
  ///   that is already on it, change nothing in the stack and are reported as runtime warnings
  ///   (the parent still sees the action).
  /// - An element that leaves the stack has every effect it started cancelled, whatever removed
  ///   it: a `popFrom`, the parent's own `state.path.removeLast()` or `pop(to:)`, a sibling
  ///   reducer, a new `StackState` assigned in its place. The store checks after every action.
  /// - Each element's cancellation ids are its own: two elements using `"timer"` never cancel
  ///   each other.
  ///
  /// - Parameters:
  ///   - toStackState: The key path to the stack.
  ///   - toStackAction: The parent action's case for stack actions.
  ///   - destination: The reducer of one element.
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: @escaping (StackAction<DestinationState, DestinationAction>) -> Action,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackForEachReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackForEachReducer(
      parent: self, destination: destination(), toStackState: toStackState,
      toStackAction: CasePath(toStackAction), fileID: fileID, line: line)
  }

  /// Runs a destination reducer on each element of a navigation stack, with the action given as
  /// a ``CasePath``.
  ///
  /// ```swift
  /// .forEach(\.path, action: CasePath(Action.path)) { Path() }
  /// ```
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackForEachReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackForEachReducer(
      parent: self, destination: destination(), toStackState: toStackState,
      toStackAction: toStackAction, fileID: fileID, line: line)
  }
}

/// The reducer `forEach(_:action:destination:fileID:line:)` over a ``StackState`` returns.
public struct _StackForEachReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  /// The whole reducer, built once at init (see `Scope` for why this keeps the hot path free of
  /// runtime metadata lookups).
  @usableFromInline
  let resolvedReducer: ResolvedReducer<Parent.State, Parent.Action>

  @inlinable
  init(
    parent: Parent,
    destination: Destination,
    toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>,
    toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    fileID: StaticString,
    line: UInt
  ) {
    resolvedReducer = Self.makeReducer(
      parent: ChildReducer(parent), destination: ChildReducer(destination),
      toStackState: toStackState, toStackAction: toStackAction, fileID: fileID, line: line)
  }

  /// Builds the reducer. Inlinable, with what runs for an element action, like `forEach` over an
  /// ``IdentifiedArray``: specialized for the caller's types, the stack reached at its offset when
  /// it is a stored property, the destination and the wrapped parent run as direct calls (see
  /// ``ChildReducer``). Pushes, pops, element effects and warnings stay out of line.
  @inlinable
  static func makeReducer<State, Action, ElementState, ElementAction>(
    parent: ChildReducer<Parent>,
    destination: ChildReducer<Destination>,
    toStackState: WritableKeyPath<State, StackState<ElementState>>,
    toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString,
    line: UInt
  ) -> ResolvedReducer<State, Action>
  where
    Parent.State == State, Parent.Action == Action, Destination.State == ElementState,
    Destination.Action == ElementAction
  {
    let (selection, embed, visit) =
      (toStackAction.selection, toStackAction.embedder, toStackAction.visitor)
    let scopeEffect = elementEffectScoper(
      toStackState: toStackState, toStackAction: toStackAction)
    let offset = MemoryLayout<State>.offset(of: toStackState)
    return ResolvedReducer { state, action in
      var effect = Effect<Action>.none
      var change: StackChange<ElementState>?
      _ = visitCase(
        action, selection: selection, embed: embed, visitor: visit
      ) { stackAction in
        guard case .element(let id, let elementAction) = stackAction else {
          change = stackChange(stackAction, in: state[keyPath: toStackState])
          return
        }
        var elementEffect = Effect<ElementAction>.none
        var found = false
        if let offset {
          // The documented use of a stored property's offset: the stack is reached in place,
          // as `state[keyPath:]` would, without the key path's runtime projection.
          withUnsafeMutablePointer(to: &state) { root in
            let stack = (UnsafeMutableRawPointer(root) + offset)
              .assumingMemoryBound(to: StackState<ElementState>.self)
            found = stack.pointee._storage.modifyElement(id: id) {
              elementEffect = destination.reduce(into: &$0.element, action: elementAction)
            }
          }
        } else {
          found = state[keyPath: toStackState]._storage.modifyElement(id: id) {
            elementEffect = destination.reduce(into: &$0.element, action: elementAction)
          }
        }
        if !found {
          warnMissingElement(action: action, fileID: fileID, line: line)
        } else if !elementEffect.isNone {
          effect = scopeEffect(elementEffect, id)
        }
      }
      let parentEffect = parent.reduce(into: &state, action: action)
      if let change {
        apply(change, to: &state[keyPath: toStackState], action: action, fileID: fileID, line: line)
      }
      if !parentEffect.isNone { effect = effect.merge(with: parentEffect) }
      return effect
    }
  }

  /// What a `popFrom` or `push` will do once the parent has run, decided from the stack as it was
  /// before the parent: a `popFrom` for an id that was not there is a warning even if the parent
  /// pushed it meanwhile. Out of line: not part of the element-action hot path.
  @usableFromInline
  static func stackChange<ElementState, ElementAction>(
    _ action: StackAction<ElementState, ElementAction>, in stack: StackState<ElementState>
  ) -> StackChange<ElementState> {
    switch action {
    case .element:
      return .none
    case .popFrom(let id):
      return stack._storage.contains(id: id) ? .pop(from: id) : .missingPop(id)
    case .push(let id, let element):
      return .push(id: id, element)
    }
  }

  /// Applies a `popFrom` or `push` after the parent ran, or reports the misuse.
  @usableFromInline
  static func apply<ElementState, Action>(
    _ change: StackChange<ElementState>, to stack: inout StackState<ElementState>,
    action: Action, fileID: StaticString, line: UInt
  ) {
    switch change {
    case .none:
      return
    case .pop(let id):
      // (The parent may have popped it already: then there is nothing left to do.)
      stack.pop(from: id)
    case .missingPop:
      warnMissingElement(action: action, fileID: fileID, line: line)
    case .push(let id, let element):
      if !stack.push(element, id: id) {
        runtimeWarn(
          """
          A "forEach" over a stack received a push for an id that is already on the stack: \
          \(describe(action)). The stack was left unchanged. Push each element under a new id \
          (an id is given once: use the next one, or "state.path.append" in the reducer).
          """, fileID: fileID, line: line)
      }
    }
  }

  /// What turns an element's effect into a parent effect: actions embedded as
  /// `.element(id:action:)`, cancellation ids scoped to the element, and the effect tied to the
  /// element's lifetime (cancelled when it leaves the stack). Out of line: it runs only when an
  /// element returns an effect.
  @usableFromInline
  static func elementEffectScoper<State, Action, ElementState, ElementAction>(
    toStackState: WritableKeyPath<State, StackState<ElementState>>,
    toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>
  ) -> (Effect<ElementAction>, StackElementID) -> Effect<Action> {
    let embed = toStackAction.embedder
    // The lens hands on the element itself, not the component that pairs it with its id: the
    // locators of reducers inside the element (a `Path` enum's case) read an `ElementState`.
    let locator = ChildLocator.element(
      toStackState.appending(path: \StackState<ElementState>._storage),
      child: \StackComponent<ElementState>.element)
    return { elementEffect, id in
      let effect = elementEffect.map { embed(.element(id: id, action: $0)) }
      return withDismissal(effect, id: id, popFrom: embed(.popFrom(id: id)))
        .scoped(
          to: ScopeComponent(
            id: EffectID(child: toStackState, instance: AnyHashable(id)), hasLifetime: true),
          locator: locator)
    }
  }

  /// The element's effect with its `dismiss()` sending `.popFrom(id:)` for the element: given
  /// the effect already embedded as `.element(id:action:)`, not yet scoped to the element. A
  /// presentation inside the element applied its own first, and wins for its child.
  @usableFromInline
  static func withDismissal<Action>(
    _ effect: Effect<Action>, id: StackElementID, popFrom: Action
  ) -> Effect<Action> {
    effect.withDismiss(sending: popFrom)
  }

  /// Reports an element action (or a `popFrom`) for an id that is not on the stack. Out of line:
  /// the warning's text and the description of the action are not part of the hot path.
  @usableFromInline
  static func warnMissingElement<Action>(action: Action, fileID: StaticString, line: UInt) {
    runtimeWarn(
      """
      A "forEach" over a stack received an action for an element that is not on the stack: \
      \(describe(action)). The action was ignored by the stack. Make sure element actions and \
      pops are only sent for elements that are on the stack (popping an element cancels its \
      effects, so this is usually an action sent from outside, such as a view, after a pop).
      """, fileID: fileID, line: line)
  }

  /// Runs the destination reducer for an element action, then the parent, then applies a push or
  /// pop.
  ///
  /// The store cancels the effects of an element once it is no longer on the stack after an
  /// action, whichever reducer removed it.
  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    resolvedReducer.reduce(&state, action)
  }
}

extension _StackForEachReducer: ResolvedReducerConvertible {
  @inlinable
  package var resolved: ResolvedReducer<Parent.State, Parent.Action> { resolvedReducer }
}

/// A push or pop that a stack `forEach` applies after the parent ran.
@usableFromInline
enum StackChange<Element> {
  case none
  case pop(from: StackElementID)
  case missingPop(StackElementID)
  case push(id: StackElementID, Element)
}
