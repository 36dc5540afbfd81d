import Foundation
import ReducerKit
import Testing

@Suite("IdentifiedArray")
struct IdentifiedArrayTests: IdentifiedArrayTesting {
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

  @Test func uniqueElementsFromAnySequence() {
    let array = IdentifiedArrayOf<Todo>(uniqueElements: (1...4).lazy.map { Todo($0) })
    #expect(Array(array.ids) == [1, 2, 3, 4])
  }

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
}
