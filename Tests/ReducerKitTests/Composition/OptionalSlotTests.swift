import Foundation
import Testing

@testable import ReducerKit

/// The `ifLet` slot on its own: present, absent, and the instance read before the child runs.
@Suite struct OptionalSlotTests {
  struct Item: Identifiable, Equatable {
    var id: Int
  }
  struct Parent {
    var item: Item? = Item(id: 1)
    var writes = 0
    var computed: Item? {
      get { item }
      set {
        item = newValue
        writes += 1
      }
    }
  }

  func slot(_ keyPath: WritableKeyPath<Parent, Item?>) -> OptionalSlot<Parent, Int, Item, Int> {
    OptionalSlot(
      keyPath, action: CasePath<Int, Int>(embed: { $0 }) { $0 },
      site: SourceSite(fileID: #fileID, line: #line))
  }

  @Test func aPresentChildRunsInPlaceWithItsInstanceBeforeTheChange() {
    var state = Parent()
    var after = NoWorkAfterParent.nothing
    var instance: AnyHashable??
    let found = slot(\.item).withChild(&state, 5, stored: false, after: &after) {
      child, action, id in
      instance = id
      child.id += action
    }
    #expect(found)
    #expect(state.item == Item(id: 6))
    #expect(instance == AnyHashable(1))
  }

  @Test func anAbsentChildIsNotFoundAndNotWrittenBackThroughAKeyPath() {
    var state = Parent(item: nil)
    var after = NoWorkAfterParent.nothing
    var ran = false
    let found = slot(\.computed).withChild(&state, 1, stored: false, after: &after) { _, _, _ in
      ran = true
    }
    #expect(!found)
    #expect(!ran)
    #expect(state.writes == 0)
  }
}
