import Foundation

/// A thing to do: what the ``TodosClient`` loads and each row of ``Todos`` shows; `Codable`, so
/// a list of them can be kept in a `.fileStorage` file.
///
/// ```swift
/// let todo = Todo(id: UUID(0), title: "Buy milk")
/// ```
public struct Todo: Codable, Equatable, Hashable, Identifiable, Sendable {
  /// The todo's identity.
  public var id: UUID
  /// What to do.
  public var title: String
  /// Whether it is done.
  public var isComplete: Bool

  /// Creates a todo.
  ///
  /// ```swift
  /// Todo(id: uuid(), title: "Call Blob", isComplete: true)
  /// ```
  public init(id: UUID, title: String, isComplete: Bool = false) {
    self.id = id
    self.title = title
    self.isComplete = isComplete
  }
}
