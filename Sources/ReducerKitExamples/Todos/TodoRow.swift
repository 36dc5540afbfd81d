import ReducerKit

/// One row of ``Todos``: a todo that can be completed and renamed. Completing (or un-completing)
/// it asks the list to re-sort one second later; changing it again within that second restarts
/// the wait, so the row does not jump while the user is still tapping it.
///
/// The wait runs under the row's own cancellation id: under `forEach`, each row's ids are its
/// own, and a row's wait is cancelled when the row is removed.
///
/// ```swift
/// .forEach(\.rows, action: Action.rows) { TodoRow() }
/// ```
public struct TodoRow: Reducer, Sendable {
  /// A todo and the row's own state.
  public struct State: Equatable, Identifiable, Sendable {
    /// The todo shown.
    public var todo: Todo
    /// Whether the row is waiting to be re-sorted: state of the row, not of the todo, so a
    /// reload keeps it.
    public var isSortPending: Bool

    /// Creates a row for `todo`.
    ///
    /// ```swift
    /// TodoRow.State(todo: Todo(id: UUID(0), title: "Milk"))
    /// ```
    public init(todo: Todo, isSortPending: Bool = false) {
      self.todo = todo
      self.isSortPending = isSortPending
    }

    /// The todo's id.
    public var id: Todo.ID { todo.id }
  }

  /// What a row does.
  public enum Action: Equatable, Sendable {
    /// The checkbox: toggles completion and (re)starts the wait before the re-sort.
    case toggleCompleted
    /// The title field changed.
    case titleChanged(String)
    /// The wait after the last toggle elapsed.
    case sortDelayElapsed
    /// What the row tells the list.
    case delegate(Delegate)

    /// What the row tells the list.
    public enum Delegate: Equatable, Sendable {
      /// Re-sort the list: this row's completion settled.
      case sortRequested
    }
  }

  /// The id the row's wait runs under (scoped to the row by `forEach`).
  public enum CancelID: Hashable, Sendable {
    /// The wait before the re-sort.
    case sort
  }

  /// How long a row waits after its last toggle before the list re-sorts.
  public static let sortDelay: Duration = .seconds(1)

  @Dependency(\.continuousClock) var clock

  /// Creates the row's reducer.
  ///
  /// ```swift
  /// .forEach(\.rows, action: Action.rows) { TodoRow() }
  /// ```
  public init() {}

  /// The row's logic.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggleCompleted:
      state.todo.isComplete.toggle()
      state.isSortPending = true
      return .run { send in
        try await clock.sleep(for: Self.sortDelay)
        await send(.sortDelayElapsed)
      }
      .cancellable(id: CancelID.sort, cancelInFlight: true)
    case .titleChanged(let title):
      state.todo.title = title
      return .none
    case .sortDelayElapsed:
      state.isSortPending = false
      return .send(.delegate(.sortRequested))
    case .delegate:
      return .none
    }
  }
}
