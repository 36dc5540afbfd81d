import Foundation
import Testing

@testable import ReducerKit

/// The `forEach` slot on its own: an element found by id and mutated in place; an absent id
/// finds nothing.
@Suite struct ElementSlotTests {
  struct Row: Identifiable, Equatable {
    var id: Int
    var count = 0
  }
  struct Parent {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
  }
  typealias Slot = ElementSlot<Parent, IdentifiedAction<Int, Int>, Int, Row, Int>

  let slot = Slot(
    \.rows,
    action: CasePath<IdentifiedAction<Int, Int>, IdentifiedAction<Int, Int>>(
      embed: { $0 }, extract: { $0 }),
    site: SourceSite(fileID: #fileID, line: #line))

  @Test func theElementWithTheIDRunsInPlace() {
    var state = Parent()
    var after = NoWorkAfterParent.nothing
    var seenID: Int?
    let found = slot.withChild(&state, .element(id: 2, action: 3), stored: false, after: &after) {
      row, amount, id in
      seenID = id
      row.count += amount
    }
    #expect(found)
    #expect(seenID == 2)
    #expect(state.rows.map(\.count) == [0, 3])
  }

  @Test func anAbsentIDFindsNothingAndChangesNothing() {
    var state = Parent()
    var after = NoWorkAfterParent.nothing
    let found = slot.withChild(&state, .element(id: 9, action: 3), stored: false, after: &after) {
      row, _, _ in row.count += 1
    }
    #expect(!found)
    #expect(state.rows.map(\.count) == [0, 0])
  }
}
