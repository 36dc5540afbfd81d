import Foundation
import ReducerKit

/// A todo list run with `forEach`: add, complete (completed rows move last one second after
/// their last toggle), delete after a confirmation alert, clear the completed ones, and reload
/// from the ``TodosClient``.
///
/// A reload is MiniRedux's `updateInPlace`, done with `IdentifiedArray.merge`: each row that
/// is still in the loaded list keeps its place, its own state and its running effects (a pending
/// re-sort still happens), new todos are appended, and rows that are gone are removed, which
/// cancels their effects.
///
/// ```swift
/// let store = Store(initialState: Todos.State()) { Todos() }
/// store.send(.addTodo(title: "Buy milk"))
/// store.send(.reloadTapped)
/// ```
public struct Todos: Reducer, Sendable {
  /// The rows, the delete alert and the reload's progress.
  public struct State: Equatable, Sendable {
    /// The rows, incomplete ones first once their re-sorts are done.
    public var rows: IdentifiedArrayOf<TodoRow.State>
    /// The delete confirmation, while it is shown.
    @PresentationState public var alert: AlertState<Action.Alert>?
    /// Whether a reload is in flight.
    public var isLoading: Bool
    /// Why the last reload failed, if it did.
    public var errorMessage: String?

    /// Creates the list's state.
    ///
    /// ```swift
    /// Todos.State(rows: [TodoRow.State(todo: Todo(id: UUID(0), title: "Milk"))])
    /// ```
    public init(
      rows: IdentifiedArrayOf<TodoRow.State> = [],
      alert: AlertState<Action.Alert>? = nil,
      isLoading: Bool = false,
      errorMessage: String? = nil
    ) {
      self.rows = rows
      self.alert = alert
      self.isLoading = isLoading
      self.errorMessage = errorMessage
    }
  }

  /// What the list does.
  public enum Action: Equatable, Sendable {
    /// The "add" field: a new, incomplete todo, placed before the completed ones.
    case addTodo(title: String)
    /// A row's delete button: asks for confirmation.
    case deleteTapped(Todo.ID)
    /// "Clear completed": removes every completed row.
    case clearCompletedTapped
    /// "Reload": loads the list from the ``TodosClient``; cancels a reload in flight.
    case reloadTapped
    /// The reload returned these todos.
    case todosLoaded([Todo])
    /// The reload failed, with a description of the error.
    case loadFailed(String)
    /// The rows.
    case rows(IdentifiedActionOf<TodoRow>)
    /// The delete alert.
    case alert(PresentationAction<Alert>)

    /// The delete alert's buttons.
    public enum Alert: Equatable, Sendable {
      /// Delete the todo for good.
      case confirmDeletion(Todo.ID)
    }
  }

  /// The id the reload runs under.
  public enum CancelID: Hashable, Sendable {
    /// The reload in flight.
    case reload
  }

  @Dependency(\.todosClient) var todosClient
  @Dependency(\.uuid) var uuid

  /// Creates the list's reducer.
  ///
  /// ```swift
  /// Store(initialState: Todos.State()) { Todos() }
  /// ```
  public init() {}

  /// The list's logic, then the rows' and the alert's.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTodo(let title):
        let row = TodoRow.State(todo: Todo(id: uuid(), title: title))
        let firstCompleted = state.rows.firstIndex { $0.todo.isComplete } ?? state.rows.count
        state.rows.insert(row, at: firstCompleted)
        return .none
      case .deleteTapped(let id):
        guard let row = state.rows[id: id] else { return .none }
        state.alert = AlertState {
          TextState("Delete \u{201C}\(row.todo.title)\u{201D}?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion(id)) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      case .alert(.presented(.confirmDeletion(let id))):
        state.rows.remove(id: id)
        return .none
      case .clearCompletedTapped:
        state.rows.removeAll { $0.todo.isComplete }
        Self.closeAlertWhoseRowIsGone(&state)
        return .none
      case .reloadTapped:
        state.isLoading = true
        state.errorMessage = nil
        return .run { send in
          await send(.todosLoaded(try await todosClient.fetch()))
        } catch: { error, send in
          await send(.loadFailed("\(error)"))
        }
        .cancellable(id: CancelID.reload, cancelInFlight: true)
      case .todosLoaded(let todos):
        state.isLoading = false
        state.rows.merge(
          todos,
          update: { row, todo in row.todo = todo },
          create: { todo in TodoRow.State(todo: todo) })
        Self.closeAlertWhoseRowIsGone(&state)
        return .none
      case .loadFailed(let message):
        state.isLoading = false
        state.errorMessage = message
        return .none
      case .rows(.element(id: _, action: .delegate(.sortRequested))):
        Self.sortCompletedLast(&state.rows)
        return .none
      case .rows, .alert:
        return .none
      }
    }
    .forEach(\.rows, action: Action.rows) { TodoRow() }
    .ifLet(\.$alert, action: Action.alert)
  }

  /// Closes the delete alert when the row it asks about is no longer in the list (a reload or
  /// "clear completed" removed it while the alert was shown): it would ask about nothing.
  static func closeAlertWhoseRowIsGone(_ state: inout State) {
    guard let alert = state.alert,
      case .confirmDeletion(let id)? = alert.buttons.lazy.compactMap({ $0.action.action }).first,
      state.rows[id: id] == nil
    else { return }
    state.alert = nil
  }

  /// Moves the completed rows after the others, keeping the order within each group.
  static func sortCompletedLast(_ rows: inout IdentifiedArrayOf<TodoRow.State>) {
    var position: [Todo.ID: Int] = [:]
    for (offset, id) in rows.ids.enumerated() { position[id] = offset }
    rows.sort { lhs, rhs in
      if lhs.todo.isComplete != rhs.todo.isComplete { return !lhs.todo.isComplete }
      return position[lhs.id, default: 0] < position[rhs.id, default: 0]
    }
  }
}
