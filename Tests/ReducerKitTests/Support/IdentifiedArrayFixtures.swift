import Foundation
import ReducerKit
import Testing

/// The elements and checks the `IdentifiedArray` tests share (one test file per source file of
/// `Collections/IdentifiedArray/`).
enum IdentifiedArrayFixtures {
  struct Todo: Identifiable, Hashable, Sendable {
    let id: Int
    var title: String
    var count = 0
    var tags: [Int] = []

    init(_ id: Int, _ title: String = "", count: Int = 0) {
      self.id = id
      self.title = title.isEmpty ? "todo \(id)" : title
      self.count = count
    }
  }

  /// An element whose id can be changed, to check that the array refuses it.
  struct Mutable: Identifiable, Equatable {
    var id: Int
    var value = 0
  }

  /// An element that is not `Identifiable`: identified by `email`.
  struct User: Equatable, Sendable {
    var email: String
    var name: String
  }

  struct TestError: Error {}
}

/// What the suites of the `IdentifiedArray` tests share: conforming gives a suite the fixtures'
/// names and checks, unqualified.
protocol IdentifiedArrayTesting {}

extension IdentifiedArrayTesting {
  typealias Todo = IdentifiedArrayFixtures.Todo
  typealias Mutable = IdentifiedArrayFixtures.Mutable
  typealias User = IdentifiedArrayFixtures.User
  typealias TestError = IdentifiedArrayFixtures.TestError

  func todos(_ ids: Int...) -> IdentifiedArrayOf<Todo> {
    IdentifiedArray(uniqueElements: ids.map { Todo($0) })
  }

  /// Checks the array's invariants through its public API (every element is found by its id at
  /// its position, and `ids` lists the element ids in order) and, in debug builds, its storage's
  /// (`_checkInvariants()`).
  func expectConsistent(
    _ array: IdentifiedArrayOf<Todo>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #if DEBUG
    array._checkInvariants()
    #endif
    #expect(Array(array.ids) == array.elements.map(\.id), sourceLocation: sourceLocation)
    #expect(Set(array.ids).count == array.count, sourceLocation: sourceLocation)
    for (position, element) in array.enumerated() {
      #expect(array.index(id: element.id) == position, sourceLocation: sourceLocation)
      #expect(array[id: element.id] == element, sourceLocation: sourceLocation)
    }
  }

  /// Checks that a precondition failure's message, printed to standard error, contains `parts`.
  ///
  /// Only in debug builds: optimized builds drop `precondition` messages.
  func expectMessage(
    of result: ExitTest.Result?, contains parts: String...,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #if DEBUG
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    for part in parts {
      #expect(message.contains(part), "\(part) not in: \(message)", sourceLocation: sourceLocation)
    }
    #endif
  }
}
