extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The position of the first element: always 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position one past the last element: the number of elements.
  @inlinable
  public var endIndex: Int { _elements.count }

  /// The number of elements.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var count: Int { _elements.count }

  /// Whether the array is empty.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isEmpty: Bool { _elements.isEmpty }

  /// The position after `i`.
  @inlinable
  public func index(after i: Int) -> Int { i + 1 }

  /// The position before `i`.
  @inlinable
  public func index(before i: Int) -> Int { i - 1 }

  /// Accesses the element at a position.
  ///
  /// ```swift
  /// todos[0].title = "Oat milk"
  /// ```
  ///
  /// Mutating an element in place is allowed as long as its id stays the same; changing the id is
  /// a precondition failure. To put a different element at a position, remove the old one and
  /// insert the new one. To reorder elements, use ``swapAt(_:_:)`` (which the standard library's
  /// `reverse()`, `shuffle()` and `partition(by:)` also use), the `sort` methods or
  /// ``move(fromOffsets:toOffset:)``: generic algorithms that instead assign elements to other
  /// positions trip the precondition.
  ///
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    _modify {
      let id = _id(_elements[position])
      let buffer = _elementsBuffer
      defer {
        _didMutateElement(id: id, bufferBefore: buffer)
        let newID = _id(_elements[position])
        precondition(
          newID == id,
          "IdentifiedArray[\(position)]: the element's id changed from \(id) to \(newID); "
            + "an element's id must not change while it is in the array"
        )
      }
      yield &_elements[position]
    }
  }

  /// Returns an iterator over the elements, in order.
  @inlinable
  public func makeIterator() -> IndexingIterator<[Element]> {
    Array(_elements).makeIterator()
  }

  /// Calls `body` with a buffer pointer to the elements, which are always contiguous.
  @inlinable
  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    try _elements.withUnsafeBufferPointer(body)
  }
}
