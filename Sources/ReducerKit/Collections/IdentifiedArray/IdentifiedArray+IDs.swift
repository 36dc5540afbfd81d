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
