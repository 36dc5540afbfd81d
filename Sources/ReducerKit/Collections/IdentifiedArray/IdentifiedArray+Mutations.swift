// Adding, removing and reordering elements: every mutation but an element's in place.

extension IdentifiedArray {
  /// Appends an element, unless an element with the same id is already present.
  ///
  /// ```swift
  /// todos.append(Todo(id: 4, title: "Jam"))               // (inserted: true, index: 3)
  /// todos.append(Todo(id: 4, title: "Strawberry jam"))    // (inserted: false, index: 3), warns
  /// ```
  ///
  /// When the id is already present, the array is left unchanged (the existing element is not
  /// replaced) and a runtime warning names the id (a test failure under a `TestStore`): an
  /// element that silently fails to appear is a bug that is hard to find. To replace the
  /// element, use ``updateOrAppend(_:)`` or ``subscript(id:)``.
  ///
  /// - Parameter element: The element to append.
  /// - Returns: Whether the element was appended, and the position of the element with its id.
  /// - Complexity: O(1) amortized.
  @inlinable
  @discardableResult
  public mutating func append(
    _ element: Element, fileID: StaticString = #fileID, line: UInt = #line
  ) -> (inserted: Bool, index: Int) {
    let elementID = _id(element)
    if let existing = _positions[elementID] {
      _IdentifiedArrayWarnings.duplicateID(elementID, in: "append(_:)", fileID: fileID, line: line)
      return (false, existing)
    }
    let position = _elements.count
    _appendNew(element, id: elementID)
    return (true, position)
  }

  /// Replaces the element with the same id, or appends the element when its id is absent.
  ///
  /// ```swift
  /// todos.updateOrAppend(Todo(id: 4, title: "Strawberry jam"))  // the old Todo 4, or nil
  /// ```
  ///
  /// - Parameter element: The element to store.
  /// - Returns: The element it replaced, or `nil` when it was appended.
  /// - Complexity: O(1) amortized.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let elementID = _id(element)
    let original = self[id: elementID]
    self[id: elementID] = element
    return original
  }

  /// Appends the elements of a sequence, skipping those whose id is already present.
  ///
  /// ```swift
  /// todos.append(contentsOf: newTodos)
  /// ```
  ///
  /// - Parameter newElements: The elements to append, in order.
  /// - Complexity: O(*m*) amortized, where *m* is the number of new elements.
  @inlinable
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements {
      let elementID = _id(element)
      if _positions[elementID] == nil { _appendNew(element, id: elementID) }
    }
  }

  /// Inserts an element at a position, unless an element with the same id is already present.
  ///
  /// ```swift
  /// todos.insert(Todo(id: 0, title: "Coffee"), at: 0)   // (inserted: true, index: 0)
  /// ```
  ///
  /// When the id is already present, the array is left unchanged and the existing element's
  /// position is returned.
  ///
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - index: The position to insert at, in `0...count`.
  /// - Returns: Whether the element was inserted, and the position of the element with its id.
  /// - Complexity: O(*n*) in the number of elements after `index`.
  @inlinable
  @discardableResult
  public mutating func insert(
    _ element: Element, at index: Int, fileID: StaticString = #fileID, line: UInt = #line
  ) -> (inserted: Bool, index: Int) {
    let elementID = _id(element)
    if let existing = _positions[elementID] {
      _IdentifiedArrayWarnings.duplicateID(
        elementID, in: "insert(_:at:)", fileID: fileID, line: line)
      return (false, existing)
    }
    precondition(
      index >= 0 && index <= _elements.count,
      "IdentifiedArray.insert(_:at:): index \(index) is out of bounds 0...\(_elements.count)"
    )
    _elements.insert(element, at: index)
    _updatePositions(from: index)
    return (true, index)
  }

  /// Removes the element with the given id and returns it, or returns `nil` if there is none.
  ///
  /// ```swift
  /// if let removed = todos.remove(id: 2) { print("Removed", removed.title) }
  /// ```
  ///
  /// - Complexity: O(*n*) in the number of elements after the removed one, so O(1) for the last.
  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let position = _positions.removeValue(forKey: id) else { return nil }
    _didRemove(id: id)
    let element = _elements.remove(at: position)
    _updatePositions(from: position)
    return element
  }

  /// Removes and returns the element at a position.
  ///
  /// ```swift
  /// let first = todos.remove(at: 0)
  /// ```
  ///
  /// - Parameter index: A valid position in the array.
  /// - Complexity: O(*n*) in the number of elements after `index`, so O(1) for the last.
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = _elements.remove(at: index)
    let id = _id(element)
    _positions[id] = nil
    _didRemove(id: id)
    _updatePositions(from: index)
    return element
  }

  /// Removes and returns the first element.
  ///
  /// ```swift
  /// let oldest = todos.removeFirst()
  /// ```
  ///
  /// The array must not be empty: calling this on an empty array is a precondition failure, as it
  /// is for `Array`.
  ///
  /// - Returns: The element that was first.
  /// - Complexity: O(*n*).
  @inlinable
  @discardableResult
  public mutating func removeFirst() -> Element {
    precondition(!_elements.isEmpty, "IdentifiedArray.removeFirst(): the array is empty")
    return remove(at: 0)
  }

  /// Removes and returns the last element.
  ///
  /// ```swift
  /// let newest = todos.removeLast()
  /// ```
  ///
  /// The array must not be empty: calling this on an empty array is a precondition failure, as it
  /// is for `Array`.
  ///
  /// - Returns: The element that was last.
  /// - Complexity: O(1).
  @inlinable
  @discardableResult
  public mutating func removeLast() -> Element {
    precondition(!_elements.isEmpty, "IdentifiedArray.removeLast(): the array is empty")
    return remove(at: _elements.count - 1)
  }

  /// Removes the elements at the given positions, keeping the order of the others.
  ///
  /// This is what SwiftUI's `onDelete` asks for: the positions come as an `IndexSet`.
  ///
  /// ```swift
  /// List {
  ///   ForEach(store.todos) { todo in Text(todo.title) }
  ///     .onDelete { store.send(.delete($0)) }
  /// }
  /// // in the reducer:
  /// state.todos.remove(atOffsets: offsets)
  /// ```
  ///
  /// - Parameter offsets: The positions of the elements to remove (an `IndexSet`, an array, a
  ///   range…), each in `0..<count`. A position given twice is removed once.
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    var isRemoved = [Bool](repeating: false, count: _elements.count)
    var firstRemoved = _elements.count
    for offset in offsets {
      precondition(
        offset >= 0 && offset < _elements.count,
        "IdentifiedArray.remove(atOffsets:): offset \(offset) is out of bounds "
          + "0..<\(_elements.count)"
      )
      isRemoved[offset] = true
      firstRemoved = Swift.min(firstRemoved, offset)
    }
    guard firstRemoved < _elements.count else { return }
    _didRemoveSeveral()
    // The partition of `removeAll(where:)`: kept elements slide to the front in order.
    var kept = firstRemoved
    for position in firstRemoved..<_elements.count {
      if isRemoved[position] {
        _positions[_id(_elements[position])] = nil
      } else {
        _swapElements(kept, position)
        kept += 1
      }
    }
    _elements.removeSubrange(kept...)
    _updatePositions(from: firstRemoved)
  }

  /// Returns the elements that satisfy a predicate, in order, as an identified array.
  ///
  /// Unlike `Sequence`'s `filter`, which returns an `Array`, this keeps the ids, so the result can
  /// be stored back into state. Annotate the result as an `Array` to get `Sequence`'s version.
  ///
  /// ```swift
  /// state.todos = state.todos.filter { !$0.isDone }
  /// let done: [Todo] = state.todos.filter(\.isDone)     // an Array
  /// ```
  ///
  /// - Parameter isIncluded: Returns whether to keep an element; called once per element, in
  ///   order.
  /// - Returns: An array of the kept elements, identified like this one.
  /// - Complexity: O(*n*).
  @inlinable
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = self
    try result.removeAll { try !isIncluded($0) }
    return result
  }

  /// Removes all the elements.
  ///
  /// ```swift
  /// todos.removeAll()
  /// ```
  ///
  /// - Parameter keepCapacity: Whether to keep the storage for reuse.
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    if !_elements.isEmpty { _didRemoveSeveral() }
    _elements.removeAll(keepingCapacity: keepCapacity)
    _positions.removeAll(keepingCapacity: keepCapacity)
  }

  /// Removes the elements that satisfy a predicate, keeping the order of the others.
  ///
  /// ```swift
  /// todos.removeAll { $0.isDone }
  /// ```
  ///
  /// If `shouldBeRemoved` throws, the elements it already selected are removed and the others kept.
  ///
  /// - Parameter shouldBeRemoved: Returns whether to remove an element.
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    guard let firstRemoved = try _elements.firstIndex(where: shouldBeRemoved) else { return }
    _didRemoveSeveral()
    // Half-stable partition: the kept elements slide to the front in order, and
    // `_elements[kept..<next]` holds the removed ones, already dropped from `_positions`.
    _positions[_id(_elements[firstRemoved])] = nil
    var kept = firstRemoved
    var next = firstRemoved + 1
    defer {
      _elements.removeSubrange(kept..<next)
      _updatePositions(from: firstRemoved)
    }
    while next < _elements.count {
      if try shouldBeRemoved(_elements[next]) {
        _positions[_id(_elements[next])] = nil
      } else {
        _swapElements(kept, next)
        kept += 1
      }
      next += 1
    }
  }

  /// Moves the elements at the given positions to a destination, keeping their relative order.
  ///
  /// This has the meaning of SwiftUI's `onMove`: `destination` is a position in the array before
  /// the move, and the elements end up just before the element that stood there.
  ///
  /// ```swift
  /// List {
  ///   ForEach(store.todos) { todo in Text(todo.title) }
  ///     .onMove { store.send(.move(from: $0, to: $1)) }
  /// }
  /// // in the reducer:
  /// state.todos.move(fromOffsets: source, toOffset: destination)
  /// ```
  ///
  /// - Parameters:
  ///   - source: The positions of the elements to move (an `IndexSet`, an array, a range…).
  ///   - destination: A position in `0...count`.
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    precondition(
      destination >= 0 && destination <= _elements.count,
      "IdentifiedArray.move: destination \(destination) is out of bounds 0...\(_elements.count)"
    )
    var isMoved = [Bool](repeating: false, count: _elements.count)
    for offset in source {
      precondition(
        offset >= 0 && offset < _elements.count,
        "IdentifiedArray.move: offset \(offset) is out of bounds 0..<\(_elements.count)"
      )
      isMoved[offset] = true
    }
    var moved: [Element] = []
    var others: ContiguousArray<Element> = []
    others.reserveCapacity(_elements.count)
    var insertion = destination
    for (position, element) in _elements.enumerated() {
      if isMoved[position] {
        moved.append(element)
        if position < destination { insertion -= 1 }
      } else {
        others.append(element)
      }
    }
    others.insert(contentsOf: moved, at: insertion)
    _elements = others
    _updatePositions(from: 0)
  }

  /// Exchanges the elements at two positions.
  ///
  /// ```swift
  /// todos.swapAt(0, 1)
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    _elements.swapAt(i, j)
    _positions[_id(_elements[i])] = i
    _positions[_id(_elements[j])] = j
  }

  /// Sorts the elements in place, using a predicate to compare them.
  ///
  /// ```swift
  /// todos.sort { $0.title < $1.title }
  /// ```
  ///
  /// - Complexity: O(*n* log *n*).
  @inlinable
  public mutating func sort(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows {
    defer { _updatePositions(from: 0) }
    try _elements.sort(by: areInIncreasingOrder)
  }

  /// Reverses the order of the elements in place.
  ///
  /// ```swift
  /// todos.reverse()
  /// ```
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func reverse() {
    _elements.reverse()
    _updatePositions(from: 0)
  }

  /// Shuffles the elements in place, using a random number generator.
  ///
  /// ```swift
  /// var generator = SystemRandomNumberGenerator()
  /// todos.shuffle(using: &generator)
  /// ```
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func shuffle(using generator: inout some RandomNumberGenerator) {
    _elements.shuffle(using: &generator)
    _updatePositions(from: 0)
  }

  /// Shuffles the elements in place.
  ///
  /// ```swift
  /// todos.shuffle()
  /// ```
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func shuffle() {
    var generator = SystemRandomNumberGenerator()
    shuffle(using: &generator)
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in place, in increasing order.
  ///
  /// ```swift
  /// names.sort()
  /// ```
  ///
  /// - Complexity: O(*n* log *n*).
  @inlinable
  public mutating func sort() {
    sort(by: <)
  }
}
