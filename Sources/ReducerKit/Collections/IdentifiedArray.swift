#if !canImport(Darwin)
import Synchronization
#endif

/// An ordered collection of elements with unique ids, and fast lookup of an element by its id.
///
/// `IdentifiedArray` is the collection that the `forEach(_:action:element:)` reducer operator runs
/// a child reducer over: it keeps its elements in order like an `Array`, and it finds, replaces,
/// mutates and removes an element by id in constant time like a `Dictionary`.
///
/// ```swift
/// struct Todo: Identifiable, Equatable {
///   let id: Int
///   var title: String
///   var isDone = false
/// }
///
/// var todos: IdentifiedArrayOf<Todo> = [
///   Todo(id: 1, title: "Milk"),
///   Todo(id: 2, title: "Eggs"),
/// ]
/// todos[id: 2]?.isDone = true           // mutates the element in place
/// todos.append(Todo(id: 3, title: "Bread"))
/// todos[id: 1] = nil                    // removes it
/// todos.ids                             // [2, 3]
/// ```
///
/// Elements that are not `Identifiable`, or that are identified by something other than `id`,
/// give the id at initialization:
///
/// ```swift
/// var users = IdentifiedArray(uniqueElements: [alice, bob], id: \User.email)
/// ```
///
/// Ids are unique: appending or inserting an element whose id is already present leaves the array
/// unchanged, and building an array from elements with a duplicate id is a programmer error. An
/// element's id must not change while it is in the array.
///
/// What a broken rule does:
/// - An array literal with a duplicate id keeps the first element with that id and drops the
///   others, with a runtime warning.
/// - A `forEach` element reducer that changes its element's id: a runtime warning, and the
///   element is kept under its new id (or removed, when another element already has that id).
/// - Preconditions remain where the caller's own code holds the elements: duplicate ids given to
///   ``init(uniqueElements:)`` or ``init(uniqueElements:id:)``, and an element stored or mutated
///   through ``subscript(id:)`` or ``subscript(position:)`` into one with another id: code
///   that works on the array directly, where the mistake is in plain sight at the call site.
///
/// The elements are stored in a `ContiguousArray`, alongside a dictionary from id to position.
/// Reading, mutating or replacing an element by id is O(1); appending, and removing the last
/// element, are O(1) amortized; inserting or removing in the middle is O(*n*), as it is for
/// `Array`.
///
/// That dictionary hashes an `Int` or `UUID` id with a fast mixer (seeded differently in every
/// dictionary and every run) instead of `Hasher`'s SipHash, which was a quarter of the cost of an
/// action for one row of a `forEach`. The mixer is not a keyed hash: where ids come from
/// untrusted input (a server's clients) and many of them are kept, give them an id type of your
/// own, whose `hash(into:)` `Hasher` runs as for any other key.
public struct IdentifiedArray<ID: Hashable, Element> {
  /// The elements, in order. A `ContiguousArray`: always stored natively (never a lazily
  /// bridged buffer on Apple platforms), so a row store can borrow an element in place through
  /// its `span` (see `RowReader`), which an `Array` offers only from macOS 26 and iOS 26.
  @usableFromInline
  internal var _elements: ContiguousArray<Element>

  /// The position of each element in `_elements`, by id. Always holds exactly the ids of
  /// `_elements`.
  @usableFromInline
  internal var _positions: _IdentifiedArrayPositions<ID> {
    // Without `oldValue`, this observer keeps mutations of the dictionary in place (SE-0268).
    didSet { _structureVersion = _nextIdentifiedArrayVersion() }
  }

  /// Changes whenever the set or order of ids may have changed (never for a change inside an
  /// element), so `forEach` can tell in O(1) whether it must look for removed elements.
  ///
  /// Versions are unique in the process (see `_nextIdentifiedArrayVersion()`): an array that
  /// replaced another never has its version by chance, as two counters starting at zero would.
  @usableFromInline
  package var _structureVersion: UInt64 = _nextIdentifiedArrayVersion()

  /// Changes with every access that may have changed an element in place, and
  /// `_previousElementVersion` keeps the version before it, so that observers of one row can tell
  /// in O(1) whether an action touched only that row (see `Store` observation).
  ///
  /// Unlike the other versions, it is not drawn from the process-wide counter on every change:
  /// an element mutation takes no lock and no atomic operation. The invariant the observers rely
  /// on is that two arrays with the same structure version and the same element version hold the
  /// same elements. A mutation of an array that is the only owner of its elements' buffer adds 1
  /// (no other array shares that buffer, so no other can reach the same version from here); a
  /// mutation that found the buffer shared, and so copied it (the address changed; the old
  /// buffer was still alive, so the new one cannot be at its address), takes a fresh *epoch*
  /// from the process-wide counter (shifted left by ``_elementVersionLocalBits``, so its low bits
  /// are zero), as does the rare mutation whose increment would carry into the epoch bits. See
  /// `_didMutateElement(id:bufferBefore:)`.
  @usableFromInline
  package var _elementVersion: UInt64 = 0

  /// The element version before the last in-place access to an element.
  @usableFromInline
  package var _previousElementVersion: UInt64 = 0

  /// The address of the elements' buffer: read before an in-place access to an element, and
  /// compared after it, to tell whether the access copied a shared buffer. Only ever compared
  /// across one access. A copy made by the access is allocated while the shared buffer is still
  /// alive (another array holds it), so its address differs, and no access reallocates the buffer
  /// after copying it (`subscript(id:)` takes an element out and puts it back within the copy's
  /// capacity), so the address read after the access is the copy's. It relies on the elements
  /// being stored natively, which a `ContiguousArray` always is (a lazily bridged buffer's
  /// address would be a temporary's).
  @inlinable @inline(__always)
  internal var _elementsBuffer: UInt {
    _elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
  }

  /// Records an in-place access to the element with `id` that has ended; `bufferBefore` is
  /// ``_elementsBuffer`` read before the access began. One increment when the buffer stayed the
  /// same (the array owned it alone), a fresh epoch when the access copied it.
  @inlinable @inline(__always)
  internal mutating func _didMutateElement(id: ID, bufferBefore: UInt) {
    _previousElementVersion = _elementVersion
    let next = _elementVersion &+ 1
    if _elementsBuffer == bufferBefore, next & _elementVersionLocalMask != 0 {
      _elementVersion = next
    } else {
      _elementVersion = _nextIdentifiedArrayElementEpoch()
    }
    _lastMutatedID = id
  }

  /// The id of the element last accessed for mutation in place.
  @usableFromInline
  package var _lastMutatedID: ID?

  /// Changes whenever an id may have been removed (never for an insertion, a move or a change
  /// inside an element): with ``_previousRemovalVersion`` and ``_lastRemovedID``, what lets the
  /// store find the rows a `forEach` lost in O(1) for a single removal. Unique in the process, so
  /// an array that replaced another never matches the version a check saw.
  @usableFromInline
  package var _removalVersion: UInt64 = _nextIdentifiedArrayVersion()

  /// The removal version before the last removal when that removal took one id
  /// (``_lastRemovedID``); `0` after one that took several.
  @usableFromInline
  package var _previousRemovalVersion: UInt64 = 0

  /// The id the last single removal took.
  @usableFromInline
  package var _lastRemovedID: ID?

  /// Records the removal of the element with `id`.
  @usableFromInline
  internal mutating func _didRemove(id: ID) {
    _previousRemovalVersion = _removalVersion
    _removalVersion = _nextIdentifiedArrayVersion()
    _lastRemovedID = id
  }

  /// Records a removal of any number of elements.
  @usableFromInline
  internal mutating func _didRemoveSeveral() {
    _previousRemovalVersion = 0
    _removalVersion = _nextIdentifiedArrayVersion()
    _lastRemovedID = nil
  }

  /// Extracts an element's id.
  ///
  /// A `@Sendable` closure, so that the array is `Sendable` exactly when `ID` and `Element` are,
  /// checked by the compiler (a stored `KeyPath` is not `Sendable`). A key path literal passed at
  /// the call site becomes such a closure, and calling a closure is much cheaper than applying a
  /// key path, which matters because every mutation through ``subscript(id:)`` reads an id.
  @usableFromInline
  internal let _id: @Sendable (Element) -> ID

  /// Creates an empty array whose elements are identified by `id`.
  ///
  /// ```swift
  /// var users = IdentifiedArray<String, User>(id: \.email)
  /// ```
  ///
  /// - Parameter id: A key path or closure that returns an element's id.
  @inlinable
  public init(id: @escaping @Sendable (Element) -> ID) {
    self._elements = []
    self._positions = _IdentifiedArrayPositions()
    self._id = id
  }

  /// Creates an array from elements with unique ids, identified by `id`.
  ///
  /// ```swift
  /// let users = IdentifiedArray(uniqueElements: [alice, bob], id: \User.email)
  /// ```
  ///
  /// Two elements with the same id are a programmer error, reported by a precondition failure
  /// that names the id.
  ///
  /// - Parameters:
  ///   - elements: The elements, in order. Their ids must be unique.
  ///   - id: A key path or closure that returns an element's id.
  /// - Complexity: O(*n*), where *n* is the number of elements.
  @inlinable
  public init(
    uniqueElements elements: some Sequence<Element>,
    id: @escaping @Sendable (Element) -> ID
  ) {
    self._elements = ContiguousArray(elements)
    self._positions = _IdentifiedArrayPositions(minimumCapacity: _elements.count)
    self._id = id
    for position in _elements.indices {
      let elementID = id(_elements[position])
      let previous = _positions.updateValue(position, forKey: elementID)
      precondition(
        previous == nil,
        "IdentifiedArray: duplicate id \(elementID) (at positions \(previous ?? 0) and \(position))"
      )
    }
  }

  /// The elements, in order.
  ///
  /// ```swift
  /// let titles = todos.elements.map(\.title)
  /// ```
  ///
  /// - Complexity: O(1): the array shares the elements' storage.
  @inlinable
  public var elements: [Element] { Array(_elements) }

  /// The ids of the elements, in order.
  ///
  /// ```swift
  /// todos.ids                 // [1, 2, 3]
  /// todos.ids.contains(2)     // true, in O(1)
  /// ```
  ///
  /// - Complexity: O(1). The view shares the array's storage; reading an id is O(1).
  @inlinable
  public var ids: IDs { IDs(_base: self) }

  /// Returns whether the array holds an element with the given id.
  ///
  /// ```swift
  /// if todos.contains(id: 2) { … }
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable
  public func contains(id: ID) -> Bool {
    _positions[id] != nil
  }

  /// Returns the position of the element with the given id, or `nil` if there is none.
  ///
  /// ```swift
  /// if let index = todos.index(id: 2) {
  ///   todos.remove(at: index)
  /// }
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(id: ID) -> Int? {
    _positions[id]
  }

  /// Accesses the element with the given id; `nil` when there is none.
  ///
  /// Reading returns the element. Mutating through the subscript changes the element in place,
  /// without copying the array or the element. Assigning an element replaces the element with
  /// that id where it stands, or appends it when there is none; assigning `nil` removes it.
  ///
  /// ```swift
  /// todos[id: 2]?.isDone.toggle()                // in place
  /// todos[id: 4] = Todo(id: 4, title: "Jam")     // appended
  /// todos[id: 1] = nil                           // removed
  /// ```
  ///
  /// The element stored under an id must have that id: assigning (or mutating it into) an element
  /// with another id is a precondition failure that names both ids.
  ///
  /// - Complexity: Reading, mutating, replacing and appending are O(1) (appending amortized).
  ///   Removing is O(*n*) in the number of elements after the removed one, so O(1) for the last.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      guard let position = _positions[id] else { return nil }
      return _elements[position]
    }
    _modify {
      // Move the element out of the array (swap it to the end, then take the last) so that the
      // caller mutates the only copy: neither the array's buffer nor any storage inside the element
      // is copied. `defer` puts it back even when the caller's access throws. (A single `yield`
      // lets the optimizer inline the accessor into callers that allow it.)
      let position = _positions[id]
      let buffer = _elementsBuffer
      var element: Element? = nil
      if let position {
        _swapElements(position, _elements.count - 1)
        element = _elements.removeLast()
      }
      defer { _endModify(element.take(), id: id, at: position, bufferBefore: buffer) }
      yield &element
    }
  }

  /// Finishes `subscript(id:)`'s `_modify`: puts back the element it moved to the end and took out,
  /// removes it when the caller set it to `nil`, or appends a new one. `bufferBefore` is
  /// ``_elementsBuffer`` as it was before the access took the element out.
  @inlinable
  internal mutating func _endModify(
    _ element: consuming Element?, id: ID, at position: Int?, bufferBefore: UInt
  ) {
    switch (element, position) {
    case (nil, nil):
      break
    case (let element?, nil):
      _appendNew(element, id: id)
    case (let element?, let position?):
      _checkID(of: element, is: id)
      _elements.append(element)
      _swapElements(position, _elements.count - 1)
      _didMutateElement(id: id, bufferBefore: bufferBefore)
    case (nil, let position?):
      _positions[id] = nil
      _didRemove(id: id)
      // The former last element stands at `position`: move it back to the end to restore the
      // order of the others.
      if position < _elements.count {
        let formerLast = _elements.remove(at: position)
        _elements.append(formerLast)
        _updatePositions(from: position)
      }
    }
  }

  /// Exchanges two elements of `_elements` by moving them (`Array.swapAt` copies, which retains and
  /// releases any references inside the elements). The positions must be valid.
  @inlinable
  internal mutating func _swapElements(_ i: Int, _ j: Int) {
    _elements.withUnsafeMutableBufferPointer { $0.swapAt(i, j) }
  }

  /// Checks that an element stored under `id` has that id.
  @inlinable
  internal func _checkID(of element: Element, is id: ID) {
    let elementID = _id(element)
    precondition(
      elementID == id,
      "IdentifiedArray[id: \(id)] was given an element whose id is \(elementID); they must match"
    )
  }

  /// Appends an element known to be absent, after checking it has the id it is stored under.
  @inlinable
  internal mutating func _appendNew(_ element: Element, id: ID) {
    _checkID(of: element, is: id)
    _positions[id] = _elements.count
    _elements.append(element)
  }

  /// Rewrites the stored position of every element from `start` on.
  @inlinable
  internal mutating func _updatePositions(from start: Int) {
    for position in start..<_elements.count {
      _positions[_id(_elements[position])] = position
    }
  }

  /// Mutates the element with `id` in place, if there is one; returns whether there was. For the
  /// `forEach` hot path: one lookup, no `Element?` built, no copy of the array.
  ///
  /// A `body` that changes the element's id (a `forEach` element reducer that assigns its own
  /// id) is reported as a runtime warning, and the element is kept under its new id where it
  /// stands, or removed when another element already has that id: the ids stay unique.
  ///
  /// - Complexity: O(1), or O(*n*) when the element is removed.
  @inlinable @inline(__always)
  package mutating func modifyElement(id: ID, _ body: (inout Element) -> Void) -> Bool {
    guard let position = _positions[id] else { return false }
    let buffer = _elementsBuffer
    body(&_elements[position])
    _didMutateElement(id: id, bufferBefore: buffer)
    let newID = _id(_elements[position])
    if newID != id { _elementChangedID(at: position, from: id, to: newID) }
    return true
  }

  /// Re-keys the element at `position`, whose id changed in place from `id` to `newID`, or
  /// removes it when another element has `newID`. Kept out of line: `modifyElement` is the
  /// `forEach` hot path.
  @usableFromInline @inline(never)
  internal mutating func _elementChangedID(at position: Int, from id: ID, to newID: ID) {
    _positions[id] = nil
    // The old id is gone: for the store's child check, as if its element had been removed.
    _didRemove(id: id)
    if _positions[newID] == nil {
      _positions[newID] = position
      runtimeWarn(
        """
        An element of an IdentifiedArray changed its id in place, from \(id) to \(newID) (a \
        "forEach" element reducer assigned it). It is kept under its new id; the effects it \
        started under its old id are cancelled, and actions for the old id are ignored. An \
        element's id must not change while it is in the array: replace the element instead.
        """)
    } else {
      _elements.remove(at: position)
      _updatePositions(from: position)
      runtimeWarn(
        """
        An element of an IdentifiedArray changed its id in place, from \(id) to \(newID) (a \
        "forEach" element reducer assigned it), which another element already has. It was \
        removed, so that ids stay unique. An element's id must not change while it is in the \
        array.
        """)
    }
  }

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

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an empty array of `Identifiable` elements.
  ///
  /// ```swift
  /// var todos = IdentifiedArrayOf<Todo>()
  /// ```
  @inlinable
  public init() {
    self.init(id: _identifiableID)
  }

  /// Creates an array from `Identifiable` elements with unique ids.
  ///
  /// ```swift
  /// let todos = IdentifiedArray(uniqueElements: loadedTodos)
  /// ```
  ///
  /// Two elements with the same id are a programmer error, reported by a precondition failure
  /// that names the id.
  ///
  /// - Parameter elements: The elements, in order. Their ids must be unique.
  /// - Complexity: O(*n*), where *n* is the number of elements.
  @inlinable
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: _identifiableID)
  }
}

/// Reads an `Identifiable` element's id: the id extraction of the `Identifiable` initializers.
///
/// A global function, so that it is a `@Sendable` value that captures nothing and, once
/// specialized, a direct call. A closure literal `{ $0.id }` in the initializers would be flagged
/// for capturing `Element`'s metatype (its `Identifiable` conformance could be isolated to an
/// actor, SE-0470); a `\Element.id` key path literal is accepted but costs over 100 ns per read.
/// Like the key path, this reads `id` from whatever context uses the array, so an element type
/// whose conformance to `Identifiable` is actor-isolated must not be sent to another isolation
/// domain.
@inlinable
internal func _identifiableID<Element: Identifiable>(_ element: Element) -> Element.ID {
  element.id
}

/// An ``IdentifiedArray`` of `Identifiable` elements, identified by their `id`.
///
/// ```swift
/// struct State {
///   var todos: IdentifiedArrayOf<Todo> = []
/// }
/// ```
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// Creates an array of `Identifiable` elements from a literal; their ids must be unique.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
  /// ```
  ///
  /// An element whose id an earlier element of the literal has is dropped, with a runtime
  /// warning: the first element with each id is kept. (``init(uniqueElements:)``, which takes
  /// elements that are not written out in the source, keeps its precondition.)
  ///
  /// - Complexity: O(*n*).
  public init(arrayLiteral elements: Element...) {
    self.init()
    _positions.reserveCapacity(elements.count)
    _elements.reserveCapacity(elements.count)
    for element in elements {
      let elementID = _id(element)
      guard _positions[elementID] != nil else {
        _appendNew(element, id: elementID)
        continue
      }
      runtimeWarn(
        """
        An IdentifiedArray literal has more than one element with the id \(element.id): the \
        first is kept and the later ones are dropped. The ids of an IdentifiedArray are unique.
        """)
    }
  }
}

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

extension IdentifiedArray {
  /// The ids of an ``IdentifiedArray``'s elements, in order.
  ///
  /// A view of the array: getting it is O(1), reading an id is O(1), and so is `contains(_:)` and
  /// `firstIndex(of:)`, which look the id up rather than scan.
  ///
  /// ```swift
  /// for id in todos.ids { print(id) }
  /// let ids = Array(todos.ids)
  /// ```
  public struct IDs: RandomAccessCollection {
    @usableFromInline
    internal let _base: IdentifiedArray

    @inlinable
    internal init(_base: IdentifiedArray) {
      self._base = _base
    }

    /// The position of the first id: always 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The position one past the last id: the number of elements.
    @inlinable
    public var endIndex: Int { _base._elements.count }

    /// The position after `i`.
    @inlinable
    public func index(after i: Int) -> Int { i + 1 }

    /// The position before `i`.
    @inlinable
    public func index(before i: Int) -> Int { i - 1 }

    /// The id of the element at a position.
    ///
    /// - Complexity: O(1).
    @inlinable
    public subscript(position: Int) -> ID {
      _base._id(_base._elements[position])
    }

    /// Returns whether the array holds an element with this id.
    ///
    /// ```swift
    /// todos.ids.contains(2)
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ id: ID) -> Bool {
      _base._positions[id] != nil
    }

    /// Returns the position of an id, or `nil` if it is absent.
    ///
    /// ```swift
    /// todos.ids.firstIndex(of: 2)
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public func firstIndex(of id: ID) -> Int? {
      _base._positions[id]
    }

    /// Answers `contains(_:)` by lookup, for generic code. Ids are unique.
    @inlinable
    public func _customContainsEquatableElement(_ element: ID) -> Bool? {
      contains(element)
    }

    /// Answers `firstIndex(of:)` by lookup, for generic code. Ids are unique.
    @inlinable
    public func _customIndexOfEquatableElement(_ element: ID) -> Int?? {
      .some(firstIndex(of: element))
    }

    /// Answers `lastIndex(of:)` by lookup, for generic code. Ids are unique.
    @inlinable
    public func _customLastIndexOfEquatableElement(_ element: ID) -> Int?? {
      .some(firstIndex(of: element))
    }
  }
}

extension IdentifiedArray.IDs: Equatable {
  /// Returns whether two views hold the same ids in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elementsEqual(rhs)
  }
}

extension IdentifiedArray.IDs: Hashable {
  /// Hashes the ids in order.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for id in self { hasher.combine(id) }
  }
}

extension IdentifiedArray.IDs: CustomStringConvertible {
  /// The ids, written like an array: `[1, 2, 3]`.
  public var description: String {
    Array(self).description
  }
}

extension IdentifiedArray.IDs: Sendable where ID: Sendable, Element: Sendable {}

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

// The stored properties are `[Element]`, `[ID: Int]` and a `@Sendable` closure, so the compiler
// checks this conformance: no `@unchecked` needed.
extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

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

/// How many low bits of an `IdentifiedArray`'s element version count in-place mutations; the bits
/// above them are its epoch, from the process-wide counter (see `_elementVersion`). 24 bits: a
/// fresh epoch after 16,777,215 mutations of one buffer in a row, and the epochs repeat after
/// 2^40 draws from the counter of any kind (initializers, id changes, position rewrites and
/// epochs all draw from it), beyond what a process reaches.
@inlinable
var _elementVersionLocalBits: UInt64 { 24 }

/// The low bits of an element version: the in-place mutations since its epoch began.
@inlinable
package var _elementVersionLocalMask: UInt64 { (1 << _elementVersionLocalBits) - 1 }

/// An element version no `IdentifiedArray` had before: a fresh epoch, with its low bits zero.
/// Out of line: it runs only when a mutation copied a shared buffer, which costs far more.
@usableFromInline @inline(never)
internal func _nextIdentifiedArrayElementEpoch() -> UInt64 {
  _nextIdentifiedArrayVersion() << _elementVersionLocalBits
}

#if !canImport(Darwin)
/// The versions of every `IdentifiedArray`, from one counter: a version is never given twice.
///
/// Drawn from at initialization, when the ids or their positions change (insertions, removals,
/// moves, sorts: one draw per write of the positions) and for a new element epoch; never
/// for an element mutated in place that owned its buffer (see `_elementVersion`), so the
/// `forEach` hot path touches no process-wide state. Atomic where no Apple platform is (a relaxed
/// read-modify-write still never gives two callers the same value); Apple platforms take the
/// lock below, because `Synchronization` needs macOS 15 / iOS 18, above the package's floor.
private let identifiedArrayVersions = Atomic<UInt64>(0)

/// A version no `IdentifiedArray` had before.
@usableFromInline
internal func _nextIdentifiedArrayVersion() -> UInt64 {
  identifiedArrayVersions.wrappingAdd(1, ordering: .relaxed).newValue
}
#else
/// The versions of every `IdentifiedArray`, from one counter: a version is never given twice.
private let identifiedArrayVersions = Locked<UInt64>(0)

/// A version no `IdentifiedArray` had before.
@usableFromInline
internal func _nextIdentifiedArrayVersion() -> UInt64 {
  identifiedArrayVersions.withLock { version in
    version &+= 1
    return version
  }
}
#endif

/// The warnings of `IdentifiedArray`, out of line.
@usableFromInline
enum _IdentifiedArrayWarnings {
  /// Reports an element not added because its id is already present.
  @usableFromInline
  static func duplicateID<ID>(
    _ id: ID, in method: String, fileID: StaticString, line: UInt
  ) {
    runtimeWarn(
      """
      IdentifiedArray.\(method): an element with the id \(describe(id)) is already in the \
      array, so nothing was added (the existing element is kept). To replace it, use \
      "updateOrAppend(_:)" or "array[id: id] = element"; to add it, give it a new id.
      """, fileID: fileID, line: line)
  }
}
