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
