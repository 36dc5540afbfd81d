import Foundation
import ReducerKit
import Testing

@Suite("IdentifiedArray versions")
struct IdentifiedArrayVersionsTests: IdentifiedArrayTesting {
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
