import Foundation
import ReducerKitExamples
import Testing

@Suite struct ItemTests {
  @Test func anItemStartsWithOneOfIt() {
    let item = Item(id: UUID(0), name: "Keyboard")
    #expect(item.quantity == 1)
    #expect(item.id == UUID(0))
    #expect(item != Item(id: UUID(0), name: "Keyboard", quantity: 2))
  }
}
