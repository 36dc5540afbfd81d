import Foundation
import ReducerKit
import Testing

@Suite("IdentifiedArray as a collection")
struct IdentifiedArrayCollectionTests: IdentifiedArrayTesting {
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
