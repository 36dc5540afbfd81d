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
