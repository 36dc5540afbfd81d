/// The stable identity of an element of a ``StackState``: what ``StackAction`` names an element
/// by.
///
/// Ids are given by ``StackState`` itself when an element is appended, never by the feature:
///
/// - Under a `Store`, every id is unique across the store (in fact across the process).
/// - Under a `TestStore`, ids are `0`, `1`, `2`… in push order, from a counter of that test store
///   that counts every `append` and every `push(id:)` and never gives an id twice (`0`, `1`, then
///   `3` after a pop and a `push(id: 2, …)`): a test names them with integer literals.
///
/// ```swift
/// await store.send(.path(.push(id: 0, state: .detail(Detail.State())))) {
///   $0.path[id: 0] = .detail(Detail.State())
/// }
/// await store.send(.path(.popFrom(id: 0))) {
///   $0.path = StackState()
/// }
/// ```
///
/// An id prints as `#0`, `#1`…, in descriptions and in test failure diffs.
public struct StackElementID: Hashable, Sendable, Comparable {
  /// The number of the element in the order ids were given.
  @usableFromInline
  package let generation: Int

  /// Creates the id with the given generation.
  @inlinable
  package init(generation: Int) {
    self.generation = generation
  }

  /// Returns whether `lhs` was given before `rhs`.
  ///
  /// ```swift
  /// #expect(StackElementID(integerLiteral: 0) < 1)
  /// ```
  @inlinable
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }
}

extension StackElementID: ExpressibleByIntegerLiteral {
  /// Creates the id written as an integer literal, as a test names the elements a `TestStore`
  /// pushed.
  ///
  /// ```swift
  /// let id: StackElementID = 0
  /// ```
  @inlinable
  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }
}

extension StackElementID: CustomStringConvertible, CustomDebugStringConvertible {
  /// The id as `#0`, `#1`…
  ///
  /// ```swift
  /// print(StackElementID(integerLiteral: 2))  // #2
  /// ```
  public var description: String { "#\(generation)" }

  /// The same as ``description``: `#0`, `#1`…
  ///
  /// ```swift
  /// debugPrint(StackElementID(integerLiteral: 2))  // #2
  /// ```
  public var debugDescription: String { description }
}

extension StackElementID: CustomReflectable {
  /// A mirror with no children, so that dumps and test diffs print the id as `#0` rather than
  /// its storage.
  ///
  /// ```swift
  /// debugDump(StackElementID(integerLiteral: 1))  // #1
  /// ```
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// Gives the ids of new ``StackState`` elements: a counter, shared by its copies and safe to use
/// from any task.
///
/// ``StackState`` reads the generator from the dependencies in force (``DependencyValues/current``)
/// when it appends: a store's reducer runs under its store's dependencies, so a plain `Store` uses
/// ``live`` (unique in the process) and a `TestStore` installs its own, starting at `0`.
package final class StackElementIDGenerator: Sendable {
  /// The generation of the next id.
  private let nextGeneration: Locked<Int>

  /// A generator whose first id is `generation`.
  package init(startingAt generation: Int = 0) {
    nextGeneration = Locked(generation)
  }

  /// The generator of every store outside tests: one counter for the process, so ids are unique
  /// across a store (and across stores).
  package static let live = StackElementIDGenerator()

  /// Returns a new id, and counts it.
  package func next() -> StackElementID {
    nextGeneration.withLock { next in
      defer { next += 1 }
      return StackElementID(generation: next)
    }
  }

  /// The generation the next id will have, without counting it.
  package func peek() -> Int {
    nextGeneration.withLock { $0 }
  }

  /// Counts an id given from outside (`push(id:)`, or `stack[id:]` set for an absent id): the
  /// ids given afterwards come after it, so an id is never given twice.
  package func record(_ id: StackElementID) {
    nextGeneration.withLock { next in next = max(next, id.generation + 1) }
  }
}

extension DependencyValues {
  /// The generator of ``StackElementID``s that ``StackState`` uses when it appends an element.
  ///
  /// Package-level: a `TestStore` installs a generator of its own, counting from `0`; elsewhere
  /// it is ``StackElementIDGenerator/live``. In a test context without a `TestStore`, each test
  /// context has its own counter from `0`.
  package var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDKey.self] }
    set { self[StackElementIDKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/stackElementID``.
private enum StackElementIDKey: DependencyKey {
  static var liveValue: StackElementIDGenerator { .live }
  /// Resolved once per test context (the context caches test values): a counter from `0`.
  static var testValue: StackElementIDGenerator { StackElementIDGenerator() }
}
