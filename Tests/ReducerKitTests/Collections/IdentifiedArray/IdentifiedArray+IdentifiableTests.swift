import Foundation
import ReducerKit
import Testing

@Suite("IdentifiedArray of Identifiable elements")
struct IdentifiedArrayIdentifiableTests: IdentifiedArrayTesting {
  @Test func emptyIdentifiableInit() {
    let array = IdentifiedArrayOf<Todo>()
    #expect(array.isEmpty)
    #expect(array.count == 0)
    #expect(array.elements.isEmpty)
    #expect(array.ids.isEmpty)
  }

  @Test func uniqueElementsOfIdentifiablePreservesOrder() {
    let array = IdentifiedArray(uniqueElements: [Todo(3), Todo(1), Todo(2)])
    #expect(Array(array.ids) == [3, 1, 2])
    #expect(array.map(\.id) == [3, 1, 2])
    expectConsistent(array)
  }

  @Test func arrayLiteral() {
    let array: IdentifiedArrayOf<Todo> = [Todo(2, "b"), Todo(1, "a")]
    #expect(array.map(\.title) == ["b", "a"])
    #expect(array[id: 1]?.title == "a")
    let empty: IdentifiedArrayOf<Todo> = []
    #expect(empty.isEmpty)
  }

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
}
