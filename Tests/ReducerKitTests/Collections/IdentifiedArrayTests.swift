import Foundation
import ReducerKit
import Testing

private struct Todo: Identifiable, Hashable, Sendable {
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
private struct Mutable: Identifiable, Equatable {
  var id: Int
  var value = 0
}

/// An element that is not `Identifiable`: identified by `email`.
private struct User: Equatable, Sendable {
  var email: String
  var name: String
}

private func todos(_ ids: Int...) -> IdentifiedArrayOf<Todo> {
  IdentifiedArray(uniqueElements: ids.map { Todo($0) })
}

/// Checks the array's invariants through its public API: every element is found by its id at its
/// position, and `ids` lists the element ids in order.
private func expectConsistent(
  _ array: IdentifiedArrayOf<Todo>, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(Array(array.ids) == array.elements.map(\.id), sourceLocation: sourceLocation)
  #expect(Set(array.ids).count == array.count, sourceLocation: sourceLocation)
  for (position, element) in array.enumerated() {
    #expect(array.index(id: element.id) == position, sourceLocation: sourceLocation)
    #expect(array[id: element.id] == element, sourceLocation: sourceLocation)
  }
}

private struct TestError: Error {}

/// Checks that a precondition failure's message, printed to standard error, contains `parts`.
///
/// Only in debug builds: optimized builds drop `precondition` messages.
private func expectMessage(
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

@Suite("IdentifiedArray")
struct IdentifiedArrayTests {
  // MARK: - Creating

  @Test func emptyIdentifiableInit() {
    let array = IdentifiedArrayOf<Todo>()
    #expect(array.isEmpty)
    #expect(array.count == 0)
    #expect(array.elements.isEmpty)
    #expect(array.ids.isEmpty)
  }

  @Test func initWithKeyPath() {
    var users = IdentifiedArray<String, User>(id: \.email)
    users.append(User(email: "a@x", name: "Ann"))
    users.append(User(email: "b@x", name: "Bob"))
    #expect(users[id: "b@x"]?.name == "Bob")
    #expect(Array(users.ids) == ["a@x", "b@x"])
  }

  @Test func initWithClosure() {
    let users = IdentifiedArray(
      uniqueElements: [User(email: "A@X", name: "Ann")], id: { $0.email.lowercased() })
    #expect(users[id: "a@x"]?.name == "Ann")
    #expect(users[id: "A@X"] == nil)
  }

  @Test func uniqueElementsWithKeyPathPreservesOrder() {
    let users = IdentifiedArray(
      uniqueElements: [
        User(email: "c@x", name: "Cy"), User(email: "a@x", name: "Ann"),
        User(email: "b@x", name: "Bob"),
      ],
      id: \User.email
    )
    #expect(users.map(\.name) == ["Cy", "Ann", "Bob"])
    #expect(users.index(id: "a@x") == 1)
  }

  @Test func uniqueElementsOfIdentifiablePreservesOrder() {
    let array = IdentifiedArray(uniqueElements: [Todo(3), Todo(1), Todo(2)])
    #expect(Array(array.ids) == [3, 1, 2])
    #expect(array.map(\.id) == [3, 1, 2])
    expectConsistent(array)
  }

  @Test func uniqueElementsFromAnySequence() {
    let array = IdentifiedArrayOf<Todo>(uniqueElements: (1...4).lazy.map { Todo($0) })
    #expect(Array(array.ids) == [1, 2, 3, 4])
  }

  @Test func arrayLiteral() {
    let array: IdentifiedArrayOf<Todo> = [Todo(2, "b"), Todo(1, "a")]
    #expect(array.map(\.title) == ["b", "a"])
    #expect(array[id: 1]?.title == "a")
    let empty: IdentifiedArrayOf<Todo> = []
    #expect(empty.isEmpty)
  }

  // MARK: - Looking up

  @Test func subscriptGet() {
    let array = todos(1, 2, 3)
    #expect(array[id: 2] == Todo(2))
    #expect(array[id: 4] == nil)
  }

  @Test func indexAndContains() {
    let array = todos(10, 20, 30)
    #expect(array.index(id: 10) == 0)
    #expect(array.index(id: 30) == 2)
    #expect(array.index(id: 40) == nil)
    #expect(array.contains(id: 20))
    #expect(!array.contains(id: 40))
  }

  @Test func idsView() {
    let array = todos(5, 3, 9)
    let ids = array.ids
    #expect(Array(ids) == [5, 3, 9])
    #expect(ids.count == 3)
    #expect(ids[1] == 3)
    #expect(ids.first == 5)
    #expect(ids.contains(9))
    #expect(!ids.contains(4))
    #expect(ids.firstIndex(of: 9) == 2)
    #expect(ids.firstIndex(of: 4) == nil)
    #expect(ids.description == "[5, 3, 9]")
    #expect(ids == todos(5, 3, 9).ids)
    #expect(ids != todos(3, 5, 9).ids)
    #expect(Set([ids, todos(5, 3, 9).ids]).count == 1)
  }

  @Test func idsViewUsesLookupInGenericCode() {
    func genericContains<C: Collection>(_ collection: C, _ element: C.Element) -> Bool
    where C.Element: Equatable {
      collection.contains(element)
    }
    func genericFirstIndex<C: Collection>(_ collection: C, _ element: C.Element) -> C.Index?
    where C.Element: Equatable {
      collection.firstIndex(of: element)
    }
    let array = todos(5, 3, 9)
    #expect(genericContains(array.ids, 3))
    #expect(!genericContains(array.ids, 4))
    #expect(genericFirstIndex(array.ids, 9) == 2)
    #expect(array.ids.lastIndex(of: 5) == 0)
  }

  @Test func idsIsASnapshot() {
    var array = todos(1, 2)
    let ids = array.ids
    array.append(Todo(3))
    #expect(Array(ids) == [1, 2])
    #expect(Array(array.ids) == [1, 2, 3])
  }

  // MARK: - Subscript by id: set and modify

  @Test func subscriptSetReplacesInPlace() {
    var array = todos(1, 2, 3)
    array[id: 2] = Todo(2, "new")
    #expect(array.map(\.title) == ["todo 1", "new", "todo 3"])
    expectConsistent(array)
  }

  @Test func subscriptSetAbsentIDAppends() {
    var array = todos(1, 2)
    array[id: 7] = Todo(7)
    #expect(Array(array.ids) == [1, 2, 7])
    #expect(array.index(id: 7) == 2)
    expectConsistent(array)
  }

  @Test func subscriptSetNilRemoves() {
    var array = todos(1, 2, 3, 4)
    array[id: 2] = nil
    #expect(Array(array.ids) == [1, 3, 4])
    #expect(array[id: 2] == nil)
    expectConsistent(array)

    array[id: 4] = nil
    #expect(Array(array.ids) == [1, 3])
    array[id: 1] = nil
    #expect(Array(array.ids) == [3])
    array[id: 3] = nil
    #expect(array.isEmpty)
  }

  @Test func subscriptSetNilForAbsentIDDoesNothing() {
    var array = todos(1, 2)
    array[id: 9] = nil
    #expect(array == todos(1, 2))
  }

  @Test func modifyingOneElementKeepsTheOthersAndTheOrder() {
    var array = todos(1, 2, 3, 4, 5)
    let before = array
    array[id: 3]?.count += 1
    array[id: 3]?.count += 1
    array[id: 3]?.title = "three"
    #expect(array[id: 3]?.count == 2)
    #expect(array[id: 3]?.title == "three")
    #expect(Array(array.ids) == [1, 2, 3, 4, 5])
    for id in [1, 2, 4, 5] { #expect(array[id: id] == before[id: id]) }
    expectConsistent(array)

    // The first and last positions take the other branches of the swap.
    array[id: 1]?.count = 10
    array[id: 5]?.count = 50
    #expect(array.map(\.count) == [10, 0, 2, 0, 50])
    #expect(Array(array.ids) == [1, 2, 3, 4, 5])
  }

  @Test func modifyingThroughAbsentIDDoesNothing() {
    var array = todos(1, 2)
    array[id: 3]?.count += 1
    #expect(array == todos(1, 2))
  }

  @Test func modifyingAnElementDoesNotCopyTheStorage() {
    var array = todos(1, 2, 3)
    array[id: 2]?.tags.reserveCapacity(16)
    let arrayBuffer = array.withContiguousStorageIfAvailable { $0.baseAddress }
    let tagsBuffer = array[id: 2]?.tags.withUnsafeBufferPointer { $0.baseAddress }
    array[id: 2]?.tags.append(1)
    array[id: 2]?.count += 1
    #expect(array.withContiguousStorageIfAvailable { $0.baseAddress } == arrayBuffer)
    #expect(array[id: 2]?.tags.withUnsafeBufferPointer { $0.baseAddress } == tagsBuffer)
    #expect(array[id: 2]?.tags == [1])
  }

  @Test func modifyingACopyLeavesTheOriginalAlone() {
    let original = todos(1, 2, 3)
    var copy = original
    copy[id: 2]?.count = 5
    #expect(original[id: 2]?.count == 0)
    #expect(copy[id: 2]?.count == 5)
  }

  @Test func throwingDuringModifyKeepsTheArrayConsistent() {
    func incrementThenThrow(_ todo: inout Todo?) throws {
      todo?.count += 1
      throw TestError()
    }
    var array = todos(1, 2, 3)
    #expect(throws: TestError.self) { try incrementThenThrow(&array[id: 2]) }
    #expect(Array(array.ids) == [1, 2, 3])
    #expect(array[id: 2]?.count == 1)
    expectConsistent(array)

    func removeThenThrow(_ todo: inout Todo?) throws {
      todo = nil
      throw TestError()
    }
    #expect(throws: TestError.self) { try removeThenThrow(&array[id: 1]) }
    #expect(Array(array.ids) == [2, 3])
    expectConsistent(array)
  }

  // MARK: - Adding

  @Test func appendNew() {
    var array = todos(1, 2)
    let result = array.append(Todo(3))
    #expect(result.inserted)
    #expect(result.index == 2)
    #expect(Array(array.ids) == [1, 2, 3])
    expectConsistent(array)
  }

  @Test func appendDuplicateLeavesTheArrayUnchangedWithAWarning() {
    let recorder = WarningRecorder(matching: "with the id 2 is already")
    var array: IdentifiedArrayOf<Todo> = [Todo(1, "a"), Todo(2, "b"), Todo(3, "c")]
    let before = array
    let result = array.append(Todo(2, "other"))
    #expect(!result.inserted)
    #expect(result.index == 1)
    #expect(array == before)
    #expect(array[id: 2]?.title == "b")
    // Issue 39, item 7: not a silent skip. The warning names the method, the id and the way
    // to replace, at the caller's line.
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("IdentifiedArray.append(_:)") == true)
    #expect(recorder.messages.first?.contains("updateOrAppend") == true)
    #expect(recorder.places.first?.hasPrefix("ReducerKitTests/IdentifiedArrayTests.swift") == true)
  }

  @Test func insertDuplicateLeavesTheArrayUnchangedWithAWarning() {
    let recorder = WarningRecorder(matching: "with the id 3 is already")
    var array: IdentifiedArrayOf<Todo> = [Todo(1, "a"), Todo(3, "c")]
    let result = array.insert(Todo(3, "other"), at: 0)
    #expect(result == (false, 1))
    #expect(array[id: 3]?.title == "c")
    #expect(recorder.messages.first?.contains("IdentifiedArray.insert(_:at:)") == true)
  }

  @Test func updateOrAppendReplacesOrAppendsWithoutAWarning() {
    let recorder = WarningRecorder(matching: "with the id 9102 is already")
    var array: IdentifiedArrayOf<Todo> = [Todo(9101, "a"), Todo(9102, "b")]
    #expect(array.updateOrAppend(Todo(9102, "B"))?.title == "b")
    #expect(array.updateOrAppend(Todo(9103, "c")) == nil)
    #expect(array.map(\.title) == ["a", "B", "c"])
    expectConsistent(array)
    #expect(recorder.messages.isEmpty)
  }

  @Test func appendContentsOfSkipsDuplicates() {
    var array = todos(1, 2)
    array.append(contentsOf: [Todo(3), Todo(1, "dup"), Todo(4)])
    #expect(Array(array.ids) == [1, 2, 3, 4])
    #expect(array[id: 1]?.title == "todo 1")
    expectConsistent(array)
  }

  @Test func insertInTheMiddleUpdatesLookups() {
    var array = todos(1, 2, 3)
    let result = array.insert(Todo(9), at: 1)
    #expect(result == (true, 1))
    #expect(Array(array.ids) == [1, 9, 2, 3])
    #expect(array.index(id: 2) == 2)
    #expect(array.index(id: 3) == 3)
    expectConsistent(array)
  }

  @Test func insertAtStartAndEnd() {
    var array = todos(1, 2)
    #expect(array.insert(Todo(0), at: 0) == (true, 0))
    #expect(array.insert(Todo(3), at: 3) == (true, 3))
    #expect(Array(array.ids) == [0, 1, 2, 3])
    expectConsistent(array)
  }

  @Test func insertDuplicateLeavesTheArrayUnchanged() {
    var array: IdentifiedArrayOf<Todo> = [Todo(1, "a"), Todo(2, "b"), Todo(3, "c")]
    let before = array
    let result = array.insert(Todo(3, "other"), at: 0)
    #expect(result == (false, 2))
    #expect(array == before)
  }

  // MARK: - Removing

  @Test func removeIDReturnsTheElement() {
    var array = todos(1, 2, 3)
    #expect(array.remove(id: 2) == Todo(2))
    #expect(Array(array.ids) == [1, 3])
    #expect(array.index(id: 3) == 1)
    expectConsistent(array)
  }

  @Test func removeAbsentIDReturnsNil() {
    var array = todos(1, 2)
    #expect(array.remove(id: 5) == nil)
    #expect(array == todos(1, 2))
  }

  @Test func removeFirstAndLastIDs() {
    var array = todos(1, 2, 3)
    #expect(array.remove(id: 3)?.id == 3)
    #expect(array.remove(id: 1)?.id == 1)
    #expect(Array(array.ids) == [2])
    #expect(array.index(id: 2) == 0)
    expectConsistent(array)
  }

  @Test func removeAtPosition() {
    var array = todos(1, 2, 3, 4)
    #expect(array.remove(at: 1) == Todo(2))
    #expect(Array(array.ids) == [1, 3, 4])
    #expect(!array.contains(id: 2))
    #expect(array.index(id: 4) == 2)
    expectConsistent(array)
  }

  @Test func removeAll() {
    var array = todos(1, 2, 3)
    array.removeAll()
    #expect(array.isEmpty)
    #expect(array[id: 1] == nil)
    array.append(Todo(1))
    #expect(array.index(id: 1) == 0)

    var kept = todos(1, 2, 3)
    kept.removeAll(keepingCapacity: true)
    #expect(kept.isEmpty)
    #expect(!kept.contains(id: 2))
  }

  @Test func removeAllWhere() {
    var array = todos(1, 2, 3, 4, 5, 6)
    array.removeAll { $0.id.isMultiple(of: 2) }
    #expect(Array(array.ids) == [1, 3, 5])
    #expect(array[id: 4] == nil)
    #expect(array.index(id: 5) == 2)
    expectConsistent(array)

    array.removeAll { _ in false }
    #expect(Array(array.ids) == [1, 3, 5])
    array.removeAll { _ in true }
    #expect(array.isEmpty)
  }

  @Test func removeAllWhereThatThrowsKeepsTheArrayConsistent() {
    var array = todos(1, 2, 3, 4, 5, 6)
    #expect(throws: TestError.self) {
      try array.removeAll { todo in
        if todo.id == 4 { throw TestError() }
        return todo.id.isMultiple(of: 2)
      }
    }
    #expect(Array(array.ids) == [1, 3, 4, 5, 6])
    expectConsistent(array)
  }

  @Test func removeFirstAndRemoveLast() {
    var array = todos(1, 2, 3, 4)
    let version = array._structureVersion
    #expect(array.removeFirst() == Todo(1))
    #expect(array._structureVersion != version)
    #expect(Array(array.ids) == [2, 3, 4])
    #expect(!array.contains(id: 1))
    #expect(array.index(id: 2) == 0)
    expectConsistent(array)

    let beforeLast = array._structureVersion
    #expect(array.removeLast() == Todo(4))
    #expect(array._structureVersion != beforeLast)
    #expect(Array(array.ids) == [2, 3])
    #expect(!array.contains(id: 4))
    expectConsistent(array)

    array.removeFirst()
    array.removeLast()
    #expect(array.isEmpty)
  }

  @Test(
    arguments: [
      ([1], [0, 2, 3, 4]),
      ([0, 4], [1, 2, 3]),
      ([3, 1, 3], [0, 2, 4]),
      ([0, 1, 2, 3, 4], []),
      ([], [0, 1, 2, 3, 4]),
    ]
  )
  func removeAtOffsets(offsets: [Int], expected: [Int]) {
    var array = todos(0, 1, 2, 3, 4)
    let version = array._structureVersion
    array.remove(atOffsets: offsets)
    #expect(Array(array.ids) == expected)
    #expect((array._structureVersion != version) == !offsets.isEmpty)
    for offset in offsets { #expect(!array.contains(id: offset)) }
    expectConsistent(array)
  }

  @Test func removeAtOffsetsTakesAnIndexSetAndARange() {
    var array = todos(0, 1, 2, 3, 4, 5)
    array.remove(atOffsets: IndexSet([1, 4]))
    #expect(Array(array.ids) == [0, 2, 3, 5])
    array.remove(atOffsets: 1..<3)
    #expect(Array(array.ids) == [0, 5])
    expectConsistent(array)
  }

  @Test func filterReturnsAnIdentifiedArrayKeepingIDsAndOrder() {
    let array = todos(1, 2, 3, 4, 5, 6)
    let annotated: IdentifiedArrayOf<Todo> = array.filter { $0.id.isMultiple(of: 2) }
    #expect(Array(annotated.ids) == [2, 4, 6])
    #expect(annotated[id: 4] == Todo(4))
    #expect(annotated.index(id: 6) == 2)
    #expect(annotated._structureVersion != array._structureVersion)
    expectConsistent(annotated)

    // Without an annotation, `filter` is this overload, not `Sequence`'s.
    let inferred = array.filter { $0.id > 4 }
    #expect(type(of: inferred) == IdentifiedArrayOf<Todo>.self)
    #expect(inferred.ids.contains(5))
    #expect(Array(inferred.ids) == [5, 6])
    expectConsistent(inferred)

    // Annotating an `Array` gets `Sequence`'s.
    let plain: [Todo] = array.filter { $0.id < 3 }
    #expect(plain == [Todo(1), Todo(2)])

    // The original is unchanged.
    #expect(Array(array.ids) == [1, 2, 3, 4, 5, 6])
    expectConsistent(array)
  }

  @Test func filterCallsThePredicateOncePerElementInOrder() {
    let array = todos(1, 2, 3, 4, 5)
    var seen: [Int] = []
    let kept = array.filter { todo in
      seen.append(todo.id)
      return todo.id != 2
    }
    #expect(seen == [1, 2, 3, 4, 5])
    #expect(Array(kept.ids) == [1, 3, 4, 5])
  }

  @Test func filterRethrows() {
    let array = todos(1, 2, 3)
    #expect(throws: TestError.self) {
      _ = try array.filter { todo in
        if todo.id == 2 { throw TestError() }
        return true
      }
    }
  }

  // MARK: - Reordering
  // MARK: - Reordering

  @Test(
    arguments: [
      ([1], 0, [1, 0, 2, 3, 4]),
      ([0], 5, [1, 2, 3, 4, 0]),
      ([0, 2], 4, [1, 3, 0, 2, 4]),
      ([3, 4], 1, [0, 3, 4, 1, 2]),
      ([1, 3], 2, [0, 1, 3, 2, 4]),
      ([], 2, [0, 1, 2, 3, 4]),
    ]
  )
  func moveFromOffsetsToOffset(source: [Int], destination: Int, expected: [Int]) {
    var array = todos(0, 1, 2, 3, 4)
    array.move(fromOffsets: source, toOffset: destination)
    #expect(Array(array.ids) == expected)
    expectConsistent(array)
  }

  @Test func swapAt() {
    var array = todos(1, 2, 3)
    array.swapAt(0, 2)
    #expect(Array(array.ids) == [3, 2, 1])
    array.swapAt(1, 1)
    #expect(Array(array.ids) == [3, 2, 1])
    expectConsistent(array)
  }

  @Test func sortReverseShuffleKeepLookupsRight() {
    var array: IdentifiedArrayOf<Todo> = [Todo(1, "c"), Todo(2, "a"), Todo(3, "b")]
    array.sort { $0.title < $1.title }
    #expect(Array(array.ids) == [2, 3, 1])
    expectConsistent(array)

    array.reverse()
    #expect(Array(array.ids) == [1, 3, 2])
    expectConsistent(array)

    var generator = SplitMix64(seed: 7)
    var big = IdentifiedArray(uniqueElements: (0..<50).map { Todo($0) })
    big.shuffle(using: &generator)
    #expect(Set(big.ids) == Set(0..<50))
    #expect(Array(big.ids) != Array(0..<50))
    expectConsistent(big)
    big.shuffle()
    expectConsistent(big)
    big.sort { $0.id < $1.id }
    #expect(Array(big.ids) == Array(0..<50))

    // The stdlib algorithms built on `swapAt` work too.
    big.reverse()
    let pivot = big.partition { $0.id < 25 }
    #expect(pivot == 25)
    expectConsistent(big)
  }

  @Test func sortComparableElements() {
    var words = IdentifiedArray(uniqueElements: ["pear", "apple", "fig"], id: { $0 })
    words.sort()
    #expect(words.elements == ["apple", "fig", "pear"])
    #expect(words.index(id: "pear") == 2)
  }

  // MARK: - Collection conformances

  @Test func randomAccessCollection() {
    let array = todos(1, 2, 3, 4)
    #expect(array.startIndex == 0)
    #expect(array.endIndex == 4)
    #expect(array.indices == 0..<4)
    #expect(array[2].id == 3)
    #expect(array.first?.id == 1)
    #expect(array.last?.id == 4)
    #expect(array.reversed().map(\.id) == [4, 3, 2, 1])
    #expect(array[1..<3].map(\.id) == [2, 3])
    #expect(array.index(array.startIndex, offsetBy: 3) == 3)
    #expect(array.distance(from: 3, to: 1) == -2)
    #expect(array.filter { $0.id > 2 }.map(\.id) == [3, 4])
    var iterated: [Int] = []
    for todo in array { iterated.append(todo.id) }
    #expect(iterated == [1, 2, 3, 4])
  }

  @Test func positionalMutationKeepsLookupsRight() {
    var array = todos(1, 2, 3)
    array[1].title = "two"
    array[1].count += 3
    #expect(array[id: 2]?.title == "two")
    #expect(array[id: 2]?.count == 3)
    #expect(Array(array.ids) == [1, 2, 3])
    for index in array.indices { array[index].count = 9 }
    #expect(array.allSatisfy { $0.count == 9 })
    expectConsistent(array)
  }

  // MARK: - Value conformances

  @Test func equatableComparesElementsInOrder() {
    #expect(todos(1, 2, 3) == todos(1, 2, 3))
    #expect(todos(1, 2, 3) != todos(1, 3, 2))
    #expect(todos(1, 2) != todos(1, 2, 3))
    var changed = todos(1, 2)
    changed[id: 2]?.title = "x"
    #expect(changed != todos(1, 2))
    // Built differently, same elements: equal.
    var appended = IdentifiedArrayOf<Todo>()
    appended.append(Todo(1))
    appended.append(Todo(2))
    #expect(appended == todos(1, 2))
  }

  @Test func hashable() {
    #expect(todos(1, 2).hashValue == todos(1, 2).hashValue)
    let set: Set = [todos(1, 2), todos(1, 2), todos(2, 1)]
    #expect(set.count == 2)
  }

  @Test func sendable() async {
    func requireSendable<T: Sendable>(_ value: T) -> T { value }
    let array = requireSendable(todos(1, 2, 3))
    let count = await Task.detached { array[id: 2]?.count ?? -1 }.value
    #expect(count == 0)
    let users = requireSendable(IdentifiedArray<String, User>(id: \.email))
    #expect(users.isEmpty)
    #expect(requireSendable(array.ids).count == 3)
  }

  @Test func descriptions() {
    let array = IdentifiedArray(uniqueElements: ["a", "b"], id: { $0 })
    #expect(array.description == #"["a", "b"]"#)
    #expect(String(describing: array) == #"["a", "b"]"#)
    #expect(array.debugDescription == #"IdentifiedArray<String, String>(["a", "b"])"#)
    #expect(IdentifiedArrayOf<Todo>().description == "[]")
  }

  @Test func mirrorShowsTheElements() {
    let mirror = Mirror(reflecting: todos(1, 2))
    #expect(mirror.displayStyle == .collection)
    #expect(mirror.children.compactMap { ($0.value as? Todo)?.id } == [1, 2])
  }

  // MARK: - Programmer errors

  @Test func aDuplicateIDInAnArrayLiteralKeepsTheFirstWithAWarning() {
    let recorder = WarningRecorder(matching: "with the id 4207")
    let array: IdentifiedArrayOf<Mutable> = [
      Mutable(id: 1), Mutable(id: 4207, value: 1), Mutable(id: 2), Mutable(id: 4207, value: 2),
    ]
    #expect(array.elements == [Mutable(id: 1), Mutable(id: 4207, value: 1), Mutable(id: 2)])
    #expect(array.index(id: 2) == 2)
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("the first is kept") == true)
  }

  @Test func arraysBuiltTheSameWayHaveDifferentVersions() {
    struct Item: Identifiable, Equatable {
      let id: Int
      var name = ""
    }
    let one = IdentifiedArray(uniqueElements: [Item(id: 0)])
    let other = IdentifiedArray(uniqueElements: [Item(id: 0)])
    #expect(one._structureVersion != other._structureVersion)
    // Two copies changed in different ways do not share an element version either.
    var first = one
    var second = one
    first[id: 0]?.name = "a"
    second[id: 0]?.name = "b"
    #expect(first._elementVersion != second._elementVersion)
    #expect(first._previousElementVersion == second._previousElementVersion)
    #expect(first._lastMutatedID == 0)
  }

  @Test func anElementMutatedInPlaceAddsOneToTheElementVersion() {
    // The forEach hot path: an array that owns its buffer counts the mutation itself, without
    // the process-wide counter, through each way of mutating an element in place.
    var array = todos(1, 2, 3)
    var before = array._elementVersion
    array[id: 2]?.title = "by id"
    #expect(array._elementVersion == before &+ 1)
    #expect(array._previousElementVersion == before)
    #expect(array._lastMutatedID == 2)

    before = array._elementVersion
    array[1].title = "by position"
    #expect(array._elementVersion == before &+ 1)
    #expect(array._lastMutatedID == 2)

    before = array._elementVersion
    #expect(array.modifyElement(id: 3) { $0.title = "modified" })
    #expect(array._elementVersion == before &+ 1)
    #expect(array._previousElementVersion == before)
    #expect(array._lastMutatedID == 3)
    #expect(array.map(\.title) == ["todo 1", "by position", "modified"])
  }

  @Test func aMutationThatCopiesASharedBufferTakesAFreshEpoch() {
    var array = todos(1, 2, 3)
    for mutate in [
      { (array: inout IdentifiedArrayOf<Todo>) in array[id: 2]?.title = "by id" },
      { (array: inout IdentifiedArrayOf<Todo>) in array[0].title = "by position" },
      { (array: inout IdentifiedArrayOf<Todo>) in _ = array.modifyElement(id: 3) { _ in } },
    ] {
      let version = array._elementVersion
      var copy = array
      mutate(&copy)
      // Not one more than the shared version, which `array` can still reach by mutating in
      // place: an epoch no array had, with no mutations counted yet.
      #expect(copy._elementVersion != version &+ 1)
      #expect(copy._elementVersion & _elementVersionLocalMask == 0)
      #expect(copy._previousElementVersion == version)
      array[id: 1]?.title = "again"
      #expect(array._elementVersion == version &+ 1)
      #expect(array._elementVersion != copy._elementVersion)
    }
  }

  @Test func duplicateIDInUniqueElementsIsAPreconditionFailure() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      _ = IdentifiedArray(
        uniqueElements: [User(email: "a@x", name: "A"), User(email: "a@x", name: "B")],
        id: \User.email)
    }
    expectMessage(of: result, contains: "duplicate id a@x")
  }

  @Test func settingAnElementWithAnotherIDIsAPreconditionFailure() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var array: IdentifiedArrayOf<Mutable> = [Mutable(id: 1)]
      array[id: 1] = Mutable(id: 2)
    }
    expectMessage(of: result, contains: "IdentifiedArray[id: 1]", "id is 2")
  }

  @Test func appendingThroughTheSubscriptWithAnotherIDIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      var array = IdentifiedArrayOf<Mutable>()
      array[id: 5] = Mutable(id: 6)
    }
  }

  @Test func changingAnIDThroughTheIDSubscriptIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      var array: IdentifiedArrayOf<Mutable> = [Mutable(id: 1), Mutable(id: 2)]
      array[id: 1]?.id = 3
    }
  }

  @Test func removeFirstOfAnEmptyArrayIsAPreconditionFailure() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var array = IdentifiedArrayOf<Mutable>()
      array.removeFirst()
    }
    expectMessage(of: result, contains: "removeFirst()", "empty")
  }

  @Test func removeLastOfAnEmptyArrayIsAPreconditionFailure() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var array = IdentifiedArrayOf<Mutable>()
      array.removeLast()
    }
    expectMessage(of: result, contains: "removeLast()", "empty")
  }

  @Test func removeAtAnOffsetOutOfBoundsIsAPreconditionFailure() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var array: IdentifiedArrayOf<Mutable> = [Mutable(id: 1), Mutable(id: 2)]
      array.remove(atOffsets: [0, 2])
    }
    expectMessage(of: result, contains: "offset 2 is out of bounds 0..<2")
  }

  @Test func changingAnIDThroughThePositionalSubscriptIsAPreconditionFailure() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var array: IdentifiedArrayOf<Mutable> = [Mutable(id: 1), Mutable(id: 2)]
      array[1].id = 7
    }
    expectMessage(of: result, contains: "changed from 2 to 7")
  }
}

/// The removing methods as `forEach` sees them: a row whose element they remove has its effects
/// cancelled (which relies on the array's structure version changing).
@MainActor
@Suite("IdentifiedArray under forEach")
struct IdentifiedArrayForEachTests {
  struct Row: Reducer {
    struct State: Identifiable {
      let id: Int
    }
    enum Action { case start }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      .run { _ in try await Task.sleep(for: .seconds(3_600)) }
    }
  }

  struct Rows: Reducer {
    struct State {
      var rows: IdentifiedArrayOf<Row.State>
    }
    enum Action {
      case rows(IdentifiedActionOf<Row>)
      case removeFirst
      case removeLast
      case removeOffsets([Int])
      case removeIndexSet(IndexSet)
      case keepEven
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .rows: break
        case .removeFirst: state.rows.removeFirst()
        case .removeLast: state.rows.removeLast()
        case .removeOffsets(let offsets): state.rows.remove(atOffsets: offsets)
        case .removeIndexSet(let offsets): state.rows.remove(atOffsets: offsets)
        case .keepEven: state.rows = state.rows.filter { $0.id.isMultiple(of: 2) }
        }
        return .none
      }
      .forEach(\.rows, action: Action.rows) { Row() }
    }
  }

  /// Starts an hour-long effect in each of the rows 1...4, sends `action`, and checks that exactly
  /// the effects of the rows with ids `removed` were cancelled.
  func expectCancels(
    _ removed: Set<Int>, when action: Rows.Action,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let store = Store(
      initialState: Rows.State(rows: IdentifiedArray(uniqueElements: (1...4).map(Row.State.init)))
    ) { Rows() }
    let tasks = (1...4).map { store.send(.rows(.element(id: $0, action: .start))) }
    store.send(action)
    for (id, task) in zip(1...4, tasks) {
      #expect(
        task.isCancelled == removed.contains(id), "row \(id)", sourceLocation: sourceLocation)
    }
    #expect(
      Set(store.state.rows.ids) == Set(1...4).subtracting(removed), sourceLocation: sourceLocation)
    for task in tasks {
      task.cancel()
      await task.finish()
    }
  }

  @Test func removeFirstCancelsTheRemovedRowsEffects() async {
    await expectCancels([1], when: .removeFirst)
  }

  @Test func removeLastCancelsTheRemovedRowsEffects() async {
    await expectCancels([4], when: .removeLast)
  }

  @Test func removeAtOffsetsCancelsTheRemovedRowsEffects() async {
    await expectCancels([2, 3], when: .removeOffsets([1, 2]))
  }

  @Test func removeAtOffsetsWithAnIndexSetCancelsTheRemovedRowsEffects() async {
    await expectCancels([1, 4], when: .removeIndexSet(IndexSet([0, 3])))
  }

  @Test func assigningAFilteredArrayCancelsTheRemovedRowsEffects() async {
    await expectCancels([1, 3], when: .keepEven)
  }
}

/// A seeded generator, so the shuffle test is deterministic.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The removal stamp the store's child check reads (issue 12, item 5).
@Suite struct IdentifiedArrayRemovalStampTests {
  struct Todo: Identifiable, Equatable {
    var id: Int
    var title = ""
  }

  func make() -> IdentifiedArrayOf<Todo> { [Todo(id: 1), Todo(id: 2), Todo(id: 3), Todo(id: 4)] }

  @Test func everySingleRemovalNamesTheIDItTook() {
    let single: [(String, (inout IdentifiedArrayOf<Todo>) -> Void, Int)] = [
      ("remove(id:)", { _ = $0.remove(id: 2) }, 2),
      ("remove(at:)", { _ = $0.remove(at: 2) }, 3),
      ("removeFirst()", { _ = $0.removeFirst() }, 1),
      ("removeLast()", { _ = $0.removeLast() }, 4),
      ("subscript(id:) = nil", { $0[id: 3] = nil }, 3),
    ]
    for (name, remove, id) in single {
      var todos = make()
      let before = todos._removalVersion
      remove(&todos)
      #expect(todos._removalVersion != before, "\(name)")
      #expect(todos._previousRemovalVersion == before, "\(name)")
      #expect(todos._lastRemovedID == id, "\(name)")
    }
  }

  @Test func everyRemovalOfSeveralChangesTheVersionWithNoSingleID() {
    let several: [(String, (inout IdentifiedArrayOf<Todo>) -> Void)] = [
      ("removeAll()", { $0.removeAll() }),
      ("removeAll(where:)", { $0.removeAll { $0.id > 2 } }),
      ("remove(atOffsets:)", { $0.remove(atOffsets: [0, 2]) }),
      ("filter", { $0 = $0.filter { $0.id == 1 } }),
    ]
    for (name, remove) in several {
      var todos = make()
      let before = todos._removalVersion
      remove(&todos)
      #expect(todos._removalVersion != before, "\(name)")
      #expect(todos._previousRemovalVersion == 0, "\(name)")
    }
  }

  @Test func nothingElseIsARemoval() {
    let others: [(String, (inout IdentifiedArrayOf<Todo>) -> Void)] = [
      ("append", { $0.append(Todo(id: 9)) }),
      ("insert", { $0.insert(Todo(id: 9), at: 0) }),
      ("edit", { $0[id: 1]?.title = "edited" }),
      ("move", { $0.move(fromOffsets: [0], toOffset: 3) }),
      ("sort(by:)", { $0.sort { $0.id > $1.id } }),
      ("swapAt", { $0.swapAt(0, 1) }),
      ("remove(id:) of an absent id", { _ = $0.remove(id: 42) }),
      ("removeAll(where:) that removes nothing", { $0.removeAll { _ in false } }),
    ]
    for (name, change) in others {
      var todos = make()
      let before = todos._removalVersion
      change(&todos)
      #expect(todos._removalVersion == before, "\(name)")
    }
  }
}
