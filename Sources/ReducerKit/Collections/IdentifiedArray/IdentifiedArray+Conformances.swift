extension IdentifiedArray: Equatable where Element: Equatable {
  /// Returns whether two arrays hold equal elements in the same order.
  ///
  /// ```swift
  /// #expect(state.todos == [Todo(id: 1, title: "Milk")])
  /// ```
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._elements == rhs._elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_elements)
  }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, written like an array: `[Todo(id: 1, …), Todo(id: 2, …)]`.
  public var description: String {
    elements.description
  }
}

extension IdentifiedArray: CustomDebugStringConvertible {
  /// The type and the elements: `IdentifiedArray<Int, Todo>([Todo(id: 1, …)])`.
  public var debugDescription: String {
    "IdentifiedArray<\(ID.self), \(Element.self)>(\(elements.debugDescription))"
  }
}

extension IdentifiedArray: CustomReflectable {
  /// A mirror showing the elements as a collection, so `dump` and state diffs print the elements
  /// rather than the storage.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: _elements, displayStyle: .collection)
  }
}
