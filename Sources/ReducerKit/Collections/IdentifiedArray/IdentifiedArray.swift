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
  /// Unlike the other versions, it is not drawn (``_nextIdentifiedArrayVersion()``) on every
  /// change: an element mutation reads no thread's cell and no shared memory. The invariant the
  /// observers rely on is that two arrays with the same structure version and the same element
  /// version hold the same elements. A mutation of an array that is the only owner of its
  /// elements' buffer adds 1 (no other array shares that buffer, so no other can reach the same
  /// version from here); a mutation that found the buffer shared, and so copied it (the address
  /// changed; the old buffer was still alive, so the new one cannot be at its address), takes a
  /// fresh *epoch* (a version drawn, shifted left by ``_elementVersionLocalBits``, so its low
  /// bits are zero), as does the rare mutation whose increment would carry into the epoch bits. See
  /// `_didMutateElement(id:bufferBefore:)`.
  @usableFromInline
  package var _elementVersion: UInt64 = 0

  /// The element version before the last in-place access to an element.
  @usableFromInline
  package var _previousElementVersion: UInt64 = 0

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

  #if DEBUG
  /// Stops the process when the array breaks an invariant that its methods keep (DEBUG builds
  /// only; the tests call it after every mutation they make): the positions hold exactly the
  /// elements' ids, each at its element's position, and the removal record is either one id
  /// with the version before it, or neither.
  package func _checkInvariants() {
    precondition(
      _positions.count == _elements.count,
      "IdentifiedArray: \(_positions.count) positions for \(_elements.count) elements")
    for (position, element) in _elements.enumerated() {
      let id = _id(element)
      precondition(
        _positions[id] == position,
        "IdentifiedArray: the element at \(position) has the id \(id), whose position is "
          + "\(_positions[id].map(String.init) ?? "missing")")
    }
    precondition(
      (_previousRemovalVersion == 0) == (_lastRemovedID == nil),
      "IdentifiedArray: a single removal's id and its previous version go together")
    precondition(
      _structureVersion != 0 && _removalVersion != 0
        && _removalVersion != _previousRemovalVersion,
      "IdentifiedArray: a version drawn is never 0")
  }
  #endif
}

// Here, in the file that declares the type, as Swift requires. The stored properties are
// `[Element]`, `[ID: Int]` and a `@Sendable` closure, so the compiler checks this conformance: no
// `@unchecked` needed.
extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}
