import Foundation
import ReducerKit
import Testing

@Suite("IdentifiedArray mutations")
struct IdentifiedArrayMutationsTests: IdentifiedArrayTesting {
  @Test func appendNew() {
    var array = todos(1, 2)
    let result = array.append(Todo(3))
    #expect(result.inserted)
    #expect(result.index == 2)
    #expect(Array(array.ids) == [1, 2, 3])
    expectConsistent(array)
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

    var generator = SeededGenerator(seed: 7)
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
