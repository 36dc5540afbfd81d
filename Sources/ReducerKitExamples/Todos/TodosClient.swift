import Foundation
import ReducerKit

/// Loads the todo list: the dependency ``Todos`` reloads from.
///
/// The live client returns ``TodosClient/builtInTodos`` after a short delay on the
/// `continuousClock` dependency (no network is used); the test value is unimplemented.
///
/// ```swift
/// let store = TestStore(initialState: Todos.State()) { Todos() } withDependencies: {
///   $0.todosClient = TodosClient { [Todo(id: UUID(0), title: "Milk")] }
/// }
/// ```
public struct TodosClient: Sendable {
  /// Returns the current list, or throws when it could not be loaded.
  ///
  /// ```swift
  /// let todos = try await todosClient.fetch()
  /// ```
  public var fetch: @Sendable () async throws -> [Todo]

  /// Creates a client that loads with `fetch`.
  ///
  /// ```swift
  /// TodosClient { try await server.todos() }
  /// ```
  public init(fetch: @escaping @Sendable () async throws -> [Todo]) {
    self.fetch = fetch
  }

  /// The list the live client returns.
  ///
  /// ```swift
  /// TodosClient.builtInTodos.map(\.title)  // ["Buy milk", "Walk the dog", "Write the report"]
  /// ```
  public static let builtInTodos: [Todo] = [
    Todo(id: UUID(1), title: "Buy milk"),
    Todo(id: UUID(2), title: "Walk the dog"),
    Todo(id: UUID(3), title: "Write the report", isComplete: true),
  ]
}

extension TodosClient: DependencyKey {
  /// Returns ``builtInTodos`` after 300 ms on the `continuousClock` dependency.
  public static let liveValue = TodosClient {
    @Dependency(\.continuousClock) var clock
    try await clock.sleep(for: .milliseconds(300))
    return builtInTodos
  }

  /// Unimplemented: reports a test failure and throws when called.
  public static let testValue = TodosClient(fetch: unimplemented("TodosClient.fetch"))
}

extension DependencyValues {
  /// The client ``Todos`` reloads its list from.
  ///
  /// ```swift
  /// @Dependency(\.todosClient) var todosClient
  /// ```
  public var todosClient: TodosClient {
    get { self[TodosClient.self] }
    set { self[TodosClient.self] = newValue }
  }
}
