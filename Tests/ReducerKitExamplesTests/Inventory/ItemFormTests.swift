import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@MainActor
@Suite struct ItemFormTests {
  @Test func editingTheDraftKeepsTheQuantityAtLeastOne() async {
    let store = TestStore(initialState: ItemForm.State(item: Item(id: UUID(0), name: ""))) {
      ItemForm()
    }
    await store.send(.nameChanged("Mouse")) { $0.item.name = "Mouse" }
    await store.send(.incrementQuantity) { $0.item.quantity = 2 }
    await store.send(.decrementQuantity) { $0.item.quantity = 1 }
    await store.send(.decrementQuantity)
  }

  @Test func savingTellsTheParentThenDismisses() async {
    let item = Item(id: UUID(0), name: "Mouse")
    let store = TestStore(initialState: ItemForm.State(item: item)) { ItemForm() }
    await store.send(.saveTapped)
    await store.receive(ItemForm.Action.delegate(.saved(item)))
    // Nothing presented this form in this test: its dismissal is recorded by the TestStore.
    #expect(store.isDismissed)
  }

  @Test func cancellingDismissesWithoutSaving() async {
    let store = TestStore(initialState: ItemForm.State(item: Item(id: UUID(0), name: ""))) {
      ItemForm()
    }
    await store.send(.cancelTapped)
    await store.finish()
    #expect(store.isDismissed)
  }
}
