/// The state of a navigation stack: an ordered collection of elements (the pushed screens), each
/// with a stable ``StackElementID``.
///
/// A feature holds one for its `NavigationStack` and composes the element reducer with
/// `forEach(_:action:destination:)`:
///
/// ```swift
/// struct Inventory: Reducer {
///   struct State: Equatable {
///     var path = StackState<Path.State>()
///   }
///   enum Action: Equatable {
///     case detailTapped
///     case path(StackActionOf<Path>)
///   }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .detailTapped:
///         state.path.append(.detail(Detail.State()))
///         return .none
///       case .path:
///         return .none
///       }
///     }
///     .forEach(\.path, action: Action.path) { Path() }
///   }
/// }
/// ```
///
/// - Appending gives the element a new id (see ``StackElementID`` for how ids are made, in a
///   store and in a `TestStore`); the id stays the element's while it is on the stack.
/// - ``subscript(id:)`` reads and changes an element by id; setting an absent id appends the
///   element under that id, which is how a test writes what a push did:
///   `$0.path[id: 0] = .detail(…)`.
/// - Two stacks are equal when they hold the same ids and equal elements, in the same order.
///
/// Ids are taken from the dependencies in force when the element is appended: inside a reducer,
/// the store's. A stack built elsewhere — a `TestStore`'s initial state (built under the test
/// store's dependencies, so its elements are `0`, `1`… and the store's pushes continue after
/// them), or a `TestStore` assertion closure (whose appends count from the id the store's counter
/// had before the asserted action, so they get the ids the reducer gave) — gets ids the same way;
/// outside any store, from a counter of the process. An assertion should still name its ids
/// (`$0.path[id: 1] = …`): the test then reads as what the stack holds.
///
/// Elements are stored in an ``IdentifiedArray`` keyed by id: reading, changing and replacing an
/// element by id are O(1); appending and popping the last element, O(1) amortized.
public struct StackState<Element> {
  /// The elements with their ids, in stack order (the root's first push first).
  @usableFromInline
  var _storage: IdentifiedArray<StackElementID, StackComponent<Element>>

  /// Creates an empty stack.
  ///
  /// ```swift
  /// var path = StackState<Path.State>()
  /// ```
  @inlinable
  public init() {
    _storage = IdentifiedArray(id: { $0.id })
  }

  /// Creates a stack of the given elements, in order, each with a new id.
  ///
  /// ```swift
  /// let path = StackState([Path.State.list(List.State()), .detail(Detail.State())])
  /// ```
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids of the elements, in stack order.
  ///
  /// ```swift
  /// path.ids  // [#0, #1]
  /// ```
  ///
  /// - Complexity: O(*n*).
  public var ids: [StackElementID] { Array(_storage.ids) }

  /// Accesses the element with the given id; `nil` when there is none.
  ///
  /// Setting an element replaces the one with that id where it stands, or, for an absent id,
  /// **appends it under that id** (and the `TestStore`'s id counter skips past it). Setting `nil`
  /// pops that element alone (the ones after it stay).
  ///
  /// ```swift
  /// state.path[id: id]?.title = "Renamed"
  /// await store.send(.path(.push(id: 0, state: .detail(Detail.State())))) {
  ///   $0.path[id: 0] = .detail(Detail.State())
  /// }
  /// ```
  ///
  /// - Complexity: O(1) to read, change or append (amortized); popping is O(*n*) in the number of
  ///   elements after it.
  public subscript(id id: StackElementID) -> Element? {
    get { _storage[id: id]?.element }
    set {
      guard let newValue else {
        _storage.remove(id: id)
        return
      }
      if !_storage.modifyElement(id: id, { $0.element = newValue }) {
        DependencyValues.current.stackElementID.record(id)
        _storage.append(StackComponent(id: id, element: newValue))
      }
    }
  }

  /// Pushes an element on top of the stack, under a new id.
  ///
  /// ```swift
  /// state.path.append(.detail(Detail.State()))
  /// ```
  ///
  /// - Complexity: O(1) amortized.
  public mutating func append(_ element: Element) {
    let generator = DependencyValues.current.stackElementID
    var id = generator.next()
    // An id set by hand (`path[id: 5] = …`) under another counter: never give it twice.
    while _storage.contains(id: id) { id = generator.next() }
    _storage.append(StackComponent(id: id, element: element))
  }

  /// Pushes an element under a given id, or does nothing when that id is already on the stack;
  /// returns whether it pushed. (What `StackAction.push(id:state:)` does.)
  @discardableResult
  package mutating func push(_ element: Element, id: StackElementID) -> Bool {
    guard !_storage.contains(id: id) else { return false }
    DependencyValues.current.stackElementID.record(id)
    _storage.append(StackComponent(id: id, element: element))
    return true
  }

  /// Pops the top element and returns it.
  ///
  /// ```swift
  /// state.path.removeLast()
  /// ```
  ///
  /// The stack must not be empty: that is a precondition failure, as for `Array`.
  ///
  /// - Complexity: O(1).
  @discardableResult
  public mutating func removeLast() -> Element {
    precondition(!_storage.isEmpty, "StackState.removeLast(): the stack is empty")
    return _storage.removeLast().element
  }

  /// Pops the top `k` elements.
  ///
  /// ```swift
  /// state.path.removeLast(2)
  /// ```
  ///
  /// `k` must be between 0 and the number of elements: otherwise a precondition failure.
  ///
  /// - Complexity: O(*k*).
  public mutating func removeLast(_ k: Int) {
    precondition(
      k >= 0 && k <= _storage.count,
      "StackState.removeLast(\(k)): the stack has \(_storage.count) elements")
    for _ in 0..<k { _storage.removeLast() }
  }

  /// Pops the top element and returns it, or returns `nil` when the stack is empty.
  ///
  /// ```swift
  /// if let top = state.path.popLast() { … }
  /// ```
  ///
  /// - Complexity: O(1).
  @discardableResult
  public mutating func popLast() -> Element? {
    _storage.isEmpty ? nil : _storage.removeLast().element
  }

  /// Pops the element with the given id and every element above it.
  ///
  /// ```swift
  /// state.path.pop(from: id)
  /// ```
  ///
  /// An id not on the stack changes nothing.
  ///
  /// - Complexity: O(*k*) in the number of elements popped.
  public mutating func pop(from id: StackElementID) {
    guard let position = _storage.index(id: id) else { return }
    removeLast(_storage.count - position)
  }

  /// Pops every element above the one with the given id, which stays on top.
  ///
  /// ```swift
  /// state.path.pop(to: rootID)
  /// ```
  ///
  /// An id not on the stack changes nothing.
  ///
  /// - Complexity: O(*k*) in the number of elements popped.
  public mutating func pop(to id: StackElementID) {
    guard let position = _storage.index(id: id) else { return }
    removeLast(_storage.count - position - 1)
  }

  /// Pops every element.
  ///
  /// ```swift
  /// state.path.removeAll()
  /// ```
  ///
  /// - Complexity: O(*n*).
  public mutating func removeAll() {
    _storage.removeAll()
  }
}

/// An element of a ``StackState`` with its id, as the stack stores it.
@usableFromInline
package struct StackComponent<Element> {
  @usableFromInline
  package let id: StackElementID
  @usableFromInline
  package var element: Element

  @inlinable
  package init(id: StackElementID, element: Element) {
    self.id = id
    self.element = element
  }
}

extension StackComponent: Sendable where Element: Sendable {}

extension StackState: RandomAccessCollection, MutableCollection {
  /// The position of the bottom element: always 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position one past the top element: the number of elements.
  @inlinable
  public var endIndex: Int { _storage.count }

  /// The position after `i`.
  @inlinable
  public func index(after i: Int) -> Int { i + 1 }

  /// The position before `i`.
  @inlinable
  public func index(before i: Int) -> Int { i - 1 }

  /// Accesses the element at a position (0 is the bottom of the stack).
  ///
  /// ```swift
  /// state.path[0] = .list(List.State())
  /// ```
  ///
  /// Setting an element keeps the id of the element it replaces.
  ///
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> Element {
    get { _storage[position].element }
    _modify { yield &_storage[position].element }
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// Creates a stack of the listed elements, in order, each with a new id.
  ///
  /// ```swift
  /// var path: StackState<Path.State> = [.detail(Detail.State())]
  /// ```
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Returns whether two stacks hold the same ids and equal elements, in the same order.
  ///
  /// ```swift
  /// #expect(state.path == expected.path)
  /// ```
  ///
  /// - Complexity: O(*n*).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._storage.count == rhs._storage.count
      && zip(lhs._storage, rhs._storage).allSatisfy { $0.id == $1.id && $0.element == $1.element }
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and elements in order.
  ///
  /// ```swift
  /// let seen: Set<StackState<Path.State>> = [state.path]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_storage.count)
    for component in _storage {
      hasher.combine(component.id)
      hasher.combine(component.element)
    }
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomStringConvertible, CustomDebugStringConvertible {
  /// The ids and elements, written like a dictionary in stack order: `[#0: …, #1: …]`; an
  /// empty stack as its literal, `[]`.
  ///
  /// ```swift
  /// print(state.path)
  /// ```
  public var description: String {
    guard !_storage.isEmpty else { return "[]" }
    return "[" + _storage.map { "\($0.id): \($0.element)" }.joined(separator: ", ") + "]"
  }

  /// The type, then the ids and elements: `StackState<Path.State>([#0: …])`.
  ///
  /// ```swift
  /// debugPrint(state.path)
  /// ```
  public var debugDescription: String {
    "StackState<\(Element.self)>(\(description))"
  }
}

extension StackState: DumpsEmptyAsList {}

extension StackState: CustomReflectable {
  /// A mirror showing the elements keyed by their ids, so that dumps and test diffs show which
  /// id holds which element.
  ///
  /// ```swift
  /// print(debugDump(state.path))
  /// ```
  public var customMirror: Mirror {
    Mirror(
      self, unlabeledChildren: _storage.map { (key: $0.id, value: $0.element) },
      displayStyle: .dictionary)
  }
}
