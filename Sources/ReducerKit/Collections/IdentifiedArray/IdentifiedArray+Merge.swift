extension IdentifiedArray {
  /// Brings the array up to date with a fresh list of values, such as a reload from a server,
  /// keeping the elements that are still there: MiniRedux's `updateInPlace`.
  ///
  /// For each value, in order: the element with the same id is updated in place with `update`
  /// (it keeps its position and whatever state `update` leaves alone), or, when there is none, a
  /// new element made by `create` is appended. Elements whose id is not among the values are
  /// removed. The relative order of the kept elements does not change.
  ///
  /// Under `forEach`, a kept element is the same row to the store: its effects keep running and
  /// its row store is reused. A removed element's effects are cancelled, as for any removal.
  ///
  /// ```swift
  /// // Rows hold a todo from the server and state of their own (a pending re-sort).
  /// case .todosLoaded(let todos):
  ///   state.rows.merge(
  ///     todos, id: \.id,
  ///     update: { row, todo in row.todo = todo },
  ///     create: { todo in TodoRow.State(todo: todo) })
  ///   return .none
  /// ```
  ///
  /// A value whose id an earlier value had is ignored, with a runtime warning: the first one
  /// wins. `update` must not change the element's id (a precondition failure, as for
  /// ``subscript(position:)``).
  ///
  /// - Parameters:
  ///   - values: The up-to-date values, in order.
  ///   - id: Returns the id of the element a value stands for.
  ///   - update: Updates a kept element from its value.
  ///   - create: Makes the element of a value whose id is new. It must have that id.
  /// - Complexity: O(*n* + *m*), where *n* is the number of elements and *m* of values.
  public mutating func merge<Value>(
    _ values: some Sequence<Value>,
    id: (Value) throws -> ID,
    update: (_ element: inout Element, _ value: Value) throws -> Void,
    create: (_ value: Value) throws -> Element
  ) rethrows {
    var incoming: [ID: Value] = [:]
    var order: [ID] = []
    for value in values {
      let valueID = try id(value)
      guard incoming[valueID] == nil else {
        runtimeWarn(
          """
          IdentifiedArray.merge was given more than one value with the id \(valueID): the \
          first is used and the later ones are ignored.
          """)
        continue
      }
      incoming[valueID] = value
      order.append(valueID)
    }
    let elementID = _id
    removeAll { incoming[elementID($0)] == nil }
    // Rewriting every position marks the structure as changed, so observers of the rows look
    // at each one again (several elements may have changed in place).
    defer { _updatePositions(from: 0) }
    for valueID in order {
      guard let value = incoming[valueID] else { continue }
      if let position = _positions[valueID] {
        try update(&_elements[position], value)
        let newID = _id(_elements[position])
        precondition(
          newID == valueID,
          "IdentifiedArray.merge: update changed an element's id from \(valueID) to \(newID); "
            + "an element's id must not change while it is in the array")
      } else {
        _appendNew(try create(value), id: valueID)
      }
    }
  }

  /// Brings the array up to date with fresh elements, keeping the ones that are still there:
  /// each kept element is updated in place with `update`, new ones are appended, missing ones
  /// removed.
  ///
  /// ```swift
  /// todos.merge(loaded) { todo, fresh in
  ///   todo.title = fresh.title      // keeps the local `isDone`
  /// }
  /// ```
  ///
  /// The same as ``merge(_:id:update:create:)`` with the elements themselves as the values.
  ///
  /// - Parameters:
  ///   - newElements: The up-to-date elements, in order.
  ///   - update: Updates a kept element from its new version.
  /// - Complexity: O(*n* + *m*), where *n* is the number of elements and *m* of new elements.
  public mutating func merge(
    _ newElements: some Sequence<Element>,
    update: (_ element: inout Element, _ newElement: Element) throws -> Void
  ) rethrows {
    try merge(newElements, id: _id, update: update, create: { $0 })
  }

  /// Brings the array up to date with fresh elements: kept elements (by id) are replaced by
  /// their new version where they stand, new ones are appended, missing ones removed.
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
  /// todos.merge([eggsRenamed, bread])
  /// todos.ids  // [eggs.id, bread.id]: eggs kept its place and took the new title
  /// ```
  ///
  /// Under `forEach`, a kept element's effects keep running; a removed one's are cancelled.
  ///
  /// - Parameter newElements: The up-to-date elements, in order.
  /// - Complexity: O(*n* + *m*), where *n* is the number of elements and *m* of new elements.
  public mutating func merge(_ newElements: some Sequence<Element>) {
    merge(newElements, id: _id, update: { $0 = $1 }, create: { $0 })
  }
}

extension IdentifiedArray {
  /// Brings the array up to date with fresh `Identifiable` values whose ids are the elements'
  /// ids, keeping the elements that are still there.
  ///
  /// ```swift
  /// state.rows.merge(
  ///   todos,
  ///   update: { row, todo in row.todo = todo },
  ///   create: { todo in TodoRow.State(todo: todo) })
  /// ```
  ///
  /// The same as ``merge(_:id:update:create:)`` with each value's `id`.
  ///
  /// - Parameters:
  ///   - values: The up-to-date values, in order.
  ///   - update: Updates a kept element from its value.
  ///   - create: Makes the element of a value whose id is new. It must have that id.
  /// - Complexity: O(*n* + *m*), where *n* is the number of elements and *m* of values.
  public mutating func merge<Value: Identifiable>(
    _ values: some Sequence<Value>,
    update: (_ element: inout Element, _ value: Value) throws -> Void,
    create: (_ value: Value) throws -> Element
  ) rethrows where Value.ID == ID {
    try merge(values, id: { $0.id }, update: update, create: create)
  }
}
