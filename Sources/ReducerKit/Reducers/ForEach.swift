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
  ) -> some Reducer<State, Action>
  where ElementState == Element.State, ElementAction == Element.Action {
    forEach(
      toElements, action: CasePath(toElementAction), element: element, fileID: fileID,
      line: line)
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
  ) -> some Reducer<State, Action>
  where ElementState == Element.State, ElementAction == Element.Action {
    ComposedReducer(
      slot: ElementSlot(
        toElements, action: toElementAction, site: SourceSite(fileID: fileID, line: line)),
      action: toElementAction, child: element(), parent: ResolvedReducer(self))
  }
}
