import Foundation
import ReducerKit
import Testing

@Suite("IdentifiedArray.IDs")
struct IdentifiedArrayIDsTests: IdentifiedArrayTesting {
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
}
