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
  /// The whole reducer, built once at init (see `Scope` for why this keeps the hot path free of
  /// runtime metadata lookups).
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
    resolvedReducer = Self.makeReducer(
      parent: ResolvedReducer(parent), element: ResolvedReducer(element), toElements: toElements,
      toElementAction: toElementAction, fileID: fileID, line: line)
  }

  /// Builds the reducer. Inlinable, with everything it calls on every action, so that the
  /// closure is compiled in the module that writes the `forEach`, specialized for its concrete
  /// types: no runtime metadata lookup in the element lookup and mutation, and no key path
  /// projection when the array is a stored property (reached at its offset instead). What runs
  /// only for an element effect or a missing element stays out of line.
  @inlinable
  static func makeReducer<State, Action, ElementState, ElementAction>(
    parent: ResolvedReducer<State, Action>,
    element: ResolvedReducer<ElementState, ElementAction>,
    toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
    fileID: StaticString,
    line: UInt
  ) -> ResolvedReducer<State, Action> {
    let (selection, embed, visit) =
      (toElementAction.selection, toElementAction.embedder, toElementAction.visitor)
    let reduceParent = parent.reduce
    let reduceElement = element.reduce
    let scopeEffect = elementEffectScoper(
      toElements: toElements, toElementAction: toElementAction)
    let level = ForEachLevel<State, Action, ID, ElementState, ElementAction>(
      selection: selection, embed: embed, visit: visit, reduceParent: reduceParent,
      reduceElement: reduceElement, scopeEffect: scopeEffect,
      offset: MemoryLayout<State>.offset(of: toElements), toElements: toElements,
      fileID: fileID, line: line)
    return ResolvedReducer { state, action in level.reduce(&state, action) }
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
    resolvedReducer.reduce(&state, action)
  }
}

/// What a `forEach` level keeps, in one object: its closure then captures a single reference,
/// so calling it passes one pointer instead of unpacking a dozen captured values onto the stack
/// on every action.
@usableFromInline
final class ForEachLevel<State, Action, ID: Hashable, ElementState, ElementAction> {
  @usableFromInline let selection: EnumCaseSelection?
  @usableFromInline let embed: (IdentifiedAction<ID, ElementAction>) -> Action
  @usableFromInline let visit: (Action, (IdentifiedAction<ID, ElementAction>) -> Void) -> Bool
  @usableFromInline let reduceParent: (inout State, Action) -> Effect<Action>
  @usableFromInline let reduceElement: (inout ElementState, ElementAction) -> Effect<ElementAction>
  @usableFromInline let scopeEffect: (Effect<ElementAction>, ID) -> Effect<Action>
  /// The array's offset in the state when it is a stored property.
  @usableFromInline let offset: Int?
  @usableFromInline let toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    selection: EnumCaseSelection?,
    embed: @escaping (IdentifiedAction<ID, ElementAction>) -> Action,
    visit: @escaping (Action, (IdentifiedAction<ID, ElementAction>) -> Void) -> Bool,
    reduceParent: @escaping (inout State, Action) -> Effect<Action>,
    reduceElement: @escaping (inout ElementState, ElementAction) -> Effect<ElementAction>,
    scopeEffect: @escaping (Effect<ElementAction>, ID) -> Effect<Action>,
    offset: Int?,
    toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    fileID: StaticString,
    line: UInt
  ) {
    self.selection = selection
    self.embed = embed
    self.visit = visit
    self.reduceParent = reduceParent
    self.reduceElement = reduceElement
    self.scopeEffect = scopeEffect
    self.offset = offset
    self.toElements = toElements
    self.fileID = fileID
    self.line = line
  }

  /// Runs the element reducer for an element action, then the parent.
  @inlinable
  func reduce(_ state: inout State, _ action: Action) -> Effect<Action> {
    var effect = Effect<Action>.none
    _ = visitCase(
      action, selection: selection, embed: embed, visitor: visit
    ) { identifiedAction in
      guard case .element(let id, let elementAction) = identifiedAction else { return }
      var elementEffect = Effect<ElementAction>.none
      var found = false
      if let offset {
        // The documented use of a stored property's offset: the array is reached in place,
        // as `state[keyPath:]` would, without the key path's runtime projection.
        withUnsafeMutablePointer(to: &state) { root in
          let elements = (UnsafeMutableRawPointer(root) + offset)
            .assumingMemoryBound(to: IdentifiedArray<ID, ElementState>.self)
          found = elements.pointee.modifyElement(id: id) {
            elementEffect = reduceElement(&$0, elementAction)
          }
        }
      } else {
        found = state[keyPath: toElements].modifyElement(id: id) {
          elementEffect = reduceElement(&$0, elementAction)
        }
      }
      if !found {
        _ForEachReducerWarnings.warnMissingElement(action: action, fileID: fileID, line: line)
      } else if !elementEffect.isNone {
        effect = scopeEffect(elementEffect, id)
      }
    }
    let parentEffect = reduceParent(&state, action)
    if !parentEffect.isNone { effect = effect.merge(with: parentEffect) }
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
