extension Reducer {
  /// Runs an element reducer on each element of an ``IdentifiedArray`` for the actions sent to it:
  /// a list of rows, each with its own state and effects.
  ///
  /// ```swift
  /// struct Todos: Reducer {
  ///   struct State { var rows: IdentifiedArrayOf<Row.State> = [] }
  ///   enum Action { case rows(IdentifiedActionOf<Row>), addRow }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in … }
  ///       .forEach(\.rows, action: Action.rows) {
  ///         Row()
  ///       }
  ///   }
  /// }
  /// ```
  ///
  /// - An action `.rows(.element(id: id, action: rowAction))` runs the element reducer on the
  ///   element with that id, found in O(1) whatever the size of the array, and mutated in place.
  /// - Elements run **before** the parent.
  /// - Removing an element cancels every effect it started, whichever reducer removed it (this
  ///   one, a sibling in the same `body`, a parent above): the store checks after every action.
  /// - Each element's cancellation ids are its own: two rows using `"timer"` never cancel each
  ///   other.
  /// - An action for an id that is not in the array changes nothing and is reported as a runtime
  ///   warning.
  /// - An element reducer must not change its element's id. One that does is reported as a
  ///   runtime warning, and the element stays where it is under its new id (or is removed, when
  ///   another element already has that id); the effects it started under its old id are
  ///   cancelled, as for a removed element, and actions for the old id are ignored.
  ///
  /// - Parameters:
  ///   - toElements: The key path to the identified array.
  ///   - toElementAction: The parent action's case for element actions.
  ///   - element: The element reducer.
  @inlinable
  public func forEach<ID: Hashable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: @escaping (IdentifiedAction<ID, ElementAction>) -> Action,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: CasePath(toElementAction), fileID: fileID, line: line)
  }

  /// Runs an element reducer on each element of an ``IdentifiedArray``, with the action given as a
  /// ``CasePath``.
  ///
  /// ```swift
  /// .forEach(\.rows, action: CasePath(Action.rows)) { Row() }
  /// ```
  @inlinable
  public func forEach<ID: Hashable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: toElementAction, fileID: fileID, line: line)
  }
}

/// The reducer `forEach(_:action:element:fileID:line:)` returns.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable, Element: Reducer>: Reducer {
  /// The level itself, called directly by a parent that holds this reducer (a feature's
  /// `body`), so that it runs in the parent's specialized call chain (see ``Scope``).
  @usableFromInline
  let level:
    ForEachLevel<
      Parent.State, Parent.Action, ID, Element.State, Element.Action, Parent, Element
    >

  /// The same level as a closure, built once at init: what a store, or a composition that
  /// holds reducers as closures, calls.
  @usableFromInline
  let resolvedReducer: ResolvedReducer<Parent.State, Parent.Action>

  @inlinable
  init(
    parent: Parent,
    element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    fileID: StaticString,
    line: UInt
  ) {
    let level = ForEachLevel(
      parent: ChildReducer(parent), element: ChildReducer(element),
      toElementAction: toElementAction,
      scopeEffect: Self.elementEffectScoper(
        toElements: toElements, toElementAction: toElementAction),
      offset: MemoryLayout<Parent.State>.offset(of: toElements), toElements: toElements,
      fileID: fileID, line: line)
    self.level = level
    resolvedReducer = ResolvedReducer { state, action in level.reduce(&state, action) }
  }

  /// What turns an element's effect into a parent effect: actions embedded with the element's
  /// id, cancellation ids scoped to the element, and the effect tied to the element's lifetime.
  /// Out of line: it runs only when an element returns an effect.
  @usableFromInline
  static func elementEffectScoper<State, Action, ElementState, ElementAction>(
    toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> (Effect<ElementAction>, ID) -> Effect<Action> {
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

  /// Runs the element reducer for an element action, then the parent.
  ///
  /// The store cancels the effects of an element once it is no longer in the array after an
  /// action, whichever reducer removed it.
  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<
    Parent.Action
  > {
    level.reduce(&state, action)
  }
}

/// What a `forEach` level keeps, in one object: the element's and the wrapped parent's
/// reducers (statically typed, run as direct calls in specialized code, see ``ChildReducer``),
/// how to find an element action and how to reach the array. Its closure captures a single
/// reference, so calling it passes one pointer instead of unpacking a dozen captured values.
@usableFromInline
final class ForEachLevel<
  State, Action, ID: Hashable, ElementState, ElementAction, Parent: Reducer, Element: Reducer
>
where
  Parent.State == State, Parent.Action == Action, Element.State == ElementState,
  Element.Action == ElementAction
{
  /// The element case when the level can take it with one tag test and reach the array at
  /// ``directOffset`` (see ``DirectCase``).
  @usableFromInline let direct: DirectCase
  /// The array's offset in the state, when ``direct`` exists.
  @usableFromInline let directOffset: Int
  @usableFromInline let parent: ChildReducer<Parent>
  @usableFromInline let element: ChildReducer<Element>
  @usableFromInline let selection: EnumCaseSelection?
  @usableFromInline let embed: (IdentifiedAction<ID, ElementAction>) -> Action
  @usableFromInline let visit: (Action, (IdentifiedAction<ID, ElementAction>) -> Void) -> Bool
  @usableFromInline let scopeEffect: (Effect<ElementAction>, ID) -> Effect<Action>
  /// The array's offset in the state when it is a stored property.
  @usableFromInline let offset: Int?
  @usableFromInline let toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    parent: ChildReducer<Parent>,
    element: ChildReducer<Element>,
    toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
    scopeEffect: @escaping (Effect<ElementAction>, ID) -> Effect<Action>,
    offset: Int?,
    toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    fileID: StaticString,
    line: UInt
  ) {
    // A deferred element (a feature inside its own body, TCA's `Nested`) takes the general
    // route, which tests for it.
    direct = DirectCase(toElementAction.selection, allowed: offset != nil && !element.isDeferred)
    directOffset = offset ?? 0
    self.parent = parent
    self.element = element
    selection = toElementAction.selection
    embed = toElementAction.embedder
    visit = toElementAction.visitor
    self.scopeEffect = scopeEffect
    self.offset = offset
    self.toElements = toElements
    self.fileID = fileID
    self.line = line
  }

  /// Runs the element's reducer on the element in place when `action` is an element action,
  /// then the parent's reducer.
  @inlinable @inline(__always)
  func reduce(_ state: inout State, _ action: Action) -> Effect<Action> {
    var effect = Effect<Action>.none
    if direct.exists {
      if direct.matches(action) {
        let identifiedAction: IdentifiedAction<ID, ElementAction> = direct.payload(of: action)
        // The documented use of a stored property's offset: the array is reached in place,
        // as `state[keyPath:]` would, without the key path's runtime projection.
        withUnsafeMutablePointer(to: &state) { root in
          let elements = (UnsafeMutableRawPointer(root) + directOffset)
            .assumingMemoryBound(to: IdentifiedArray<ID, ElementState>.self)
          effect = runElement(in: &elements.pointee, identifiedAction, action, resolved: true)
        }
      }
    } else {
      effect = reduceOnGeneralRoute(&state, action)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    if !parentEffect.isNone { effect = effect.merge(with: parentEffect) }
    return effect
  }

  /// Runs the element reducer for an element action, on the element in place; `resolved` on
  /// the direct route, whose element is known not to be deferred.
  @inlinable @inline(__always)
  func runElement(
    in elements: inout IdentifiedArray<ID, ElementState>,
    _ identifiedAction: IdentifiedAction<ID, ElementAction>,
    _ action: Action,
    resolved: Bool = false
  ) -> Effect<Action> {
    guard case .element(let id, let elementAction) = identifiedAction else { return .none }
    var elementEffect = Effect<ElementAction>.none
    let found = elements.modifyElement(id: id) {
      elementEffect =
        resolved
        ? element.reduceResolved(into: &$0, action: elementAction)
        : element.reduce(into: &$0, action: elementAction)
    }
    if !found {
      _ForEachReducerWarnings.warnMissingElement(action: action, fileID: fileID, line: line)
      return .none
    }
    if elementEffect.isNone { return .none }
    return scopeEffect(elementEffect, id)
  }

  /// The level without a direct route: the element action found through the full selection
  /// or the case path's closure, the array at its offset or through the key path. Out of
  /// line, so that the element's reducer is inlined once per route.
  @inlinable @inline(never)
  func reduceOnGeneralRoute(_ state: inout State, _ action: Action) -> Effect<Action> {
    var effect = Effect<Action>.none
    _ = visitCase(action, selection: selection, embed: embed, visitor: visit) {
      identifiedAction in
      if let offset {
        withUnsafeMutablePointer(to: &state) { root in
          let elements = (UnsafeMutableRawPointer(root) + offset)
            .assumingMemoryBound(to: IdentifiedArray<ID, ElementState>.self)
          effect = runElement(in: &elements.pointee, identifiedAction, action)
        }
      } else {
        effect = runElement(in: &state[keyPath: toElements], identifiedAction, action)
      }
    }
    return effect
  }
}

extension _ForEachReducer: ResolvedReducerConvertible {
  @inlinable
  package var resolved: ResolvedReducer<Parent.State, Parent.Action> { resolvedReducer }
}

/// The warnings of `forEach`, out of line.
@usableFromInline
enum _ForEachReducerWarnings {
  /// Reports an element action for an id that is not in the array. Out of line: the warning's
  /// text and the description of the action are not part of the hot path.
  @usableFromInline
  static func warnMissingElement<Action>(action: Action, fileID: StaticString, line: UInt) {
    runtimeWarn(
      """
      A "forEach" received an action for an element that is not in the array: \
      \(describe(action)). The action was ignored. Make sure element actions are only \
      sent for elements that are present (removing an element cancels its effects, so this \
      is usually an action sent from outside, such as a view).
      """, fileID: fileID, line: line)
  }
}
