/// An action sent to one element of an ``IdentifiedArray``: the element's id, and the action.
///
/// A parent feature embeds its rows' actions in one case of its own action, and the
/// `forEach(_:action:element:)` reducer operator routes each to the row with that id:
///
/// ```swift
/// struct TodoList: Reducer {
///   struct State { var todos: IdentifiedArrayOf<TodoRow.State> = [] }
///   enum Action { case todos(IdentifiedActionOf<TodoRow>) }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in .none }
///       .forEach(\.todos, action: Action.todos) { TodoRow() }
///   }
/// }
///
/// store.send(.todos(.element(id: todo.id, action: .toggleDone)))
/// ```
public enum IdentifiedAction<ID: Hashable, Action> {
  /// An action for the element with the given id.
  ///
  /// ```swift
  /// .todos(.element(id: 3, action: .toggleDone))
  /// ```
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}

extension IdentifiedAction: Hashable where Action: Hashable {}

extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}

/// The ``IdentifiedAction`` of a reducer whose state is `Identifiable`: its state's id, and its
/// action.
///
/// ```swift
/// enum Action {
///   // The same as IdentifiedAction<TodoRow.State.ID, TodoRow.Action>:
///   case todos(IdentifiedActionOf<TodoRow>)
/// }
/// ```
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable

extension CasePath {
  /// The path to the actions of one element of a `forEach`, by its id: TCA's
  /// `\.rows[id: id]`, for `receive` and ``modify(_:_:fileID:line:)``.
  ///
  /// ```swift
  /// await store.receive(CasePath(Todos.Action.rows)[id: 1].appending(Row.Action.loaded)) {
  ///   $0.rows[id: 1]?.isLoading = false
  /// }
  /// ```
  ///
  /// Extracting gives the element's action when the root is an action for the element with
  /// that id (and `nil` for another element's); embedding wraps an action as that element's.
  ///
  /// - Parameter id: The element's id.
  /// - Returns: A case path from `Root` to the actions of that element.
  public subscript<ID: Hashable, ElementAction>(
    id id: ID
  ) -> CasePath<Root, ElementAction> where Value == IdentifiedAction<ID, ElementAction> {
    appending(
      CasePath<IdentifiedAction<ID, ElementAction>, ElementAction>(
        embed: { .element(id: id, action: $0) },
        extract: { identifiedAction in
          guard case .element(let elementID, let action) = identifiedAction, elementID == id
          else { return nil }
          return action
        }))
  }
}
