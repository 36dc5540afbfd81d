import Foundation

/// One thing kept in the inventory: a name and how many there are.
///
/// ```swift
/// let item = Item(id: UUID(0), name: "Keyboard", quantity: 2)
/// ```
public struct Item: Equatable, Identifiable, Sendable {
  /// The item's identity, from the `uuid` dependency.
  public var id: UUID
  /// What the item is called.
  public var name: String
  /// How many of it there are.
  public var quantity: Int

  /// Creates an item.
  ///
  /// ```swift
  /// Item(id: uuid(), name: "Mouse", quantity: 1)
  /// ```
  public init(id: UUID, name: String, quantity: Int = 1) {
    self.id = id
    self.name = name
    self.quantity = quantity
  }
}
