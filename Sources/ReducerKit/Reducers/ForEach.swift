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
  /// - Removing an element cancels every effect it started.
  /// - Each element's cancellation ids are its own: two rows using `"timer"` never cancel each
  ///   other.
  /// - An action for an id that is not in the array changes nothing and is reported as a runtime
  ///   warning.
  ///
  /// - Parameters:
  ///   - toElements: The key path to the identified array.
  ///   - toElementAction: The parent action's case for element actions.
  ///   - element: The element reducer.
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
  let parent: ResolvedReducer<Parent.State, Parent.Action>
  let element: ResolvedReducer<Element.State, Element.Action>
  let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let fileID: StaticString
  let line: UInt

  init(
    parent: Parent,
    element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    fileID: StaticString,
    line: UInt
  ) {
    self.parent = ResolvedReducer(parent)
    self.element = ResolvedReducer(element)
    self.toElements = toElements
    self.toElementAction = toElementAction
    self.fileID = fileID
    self.line = line
  }

  /// Runs the element reducer for an element action, then the parent, then cancels the effects of
  /// removed elements.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<
    Parent.Action
  > {
    let versionBefore = state[keyPath: toElements]._structureVersion
    var effect = Effect<Parent.Action>.none
    if case .element(let id, let elementAction)? = toElementAction.extract(from: action) {
      if state[keyPath: toElements].contains(id: id) {
        let toElementAction = toElementAction
        effect = element.reduce(&state[keyPath: toElements][id: id]!, elementAction)
          .map { toElementAction.embed(.element(id: id, action: $0)) }
          .scoped(
            to: ScopeComponent(
              id: EffectID(child: toElements, instance: AnyHashable(id)), hasLifetime: true))
      } else {
        runtimeWarn(
          """
          A "forEach" received an action for an element that is not in the array: \
          \(describe(action)). The action was ignored. Make sure element actions are only sent \
          for elements that are present (removing an element cancels its effects, so this is \
          usually an action sent from outside, such as a view).
          """, fileID: fileID, line: line)
      }
    }
    effect = effect.merge(with: parent.reduce(&state, action))
    if state[keyPath: toElements]._structureVersion != versionBefore {
      let elements = state[keyPath: toElements]
      effect = effect.merge(
        with: Effect(
          operation: .cancelRemovedChildren(
            of: toElements,
            isPresent: { id in (id.base as? ID).map(elements.contains(id:)) ?? false })))
    }
    return effect
  }
}
