import Foundation
import Testing

@testable import ReducerKit

/// The stack slot on its own: element actions in place; pushes and pops left for after the
/// parent and applied then.
@MainActor
@Suite struct StackElementSlotTests {
  struct Parent {
    var path = StackState<Int>([1, 2])
  }
  typealias Action = StackAction<Int, Int>
  typealias Slot = StackElementSlot<Parent, Action, Int, Int>

  let slot = Slot(
    \.path, action: CasePath<Action, Action>(embed: { $0 }, extract: { $0 }),
    site: SourceSite(fileID: #fileID, line: #line))

  @Test func anElementActionRunsOnTheElement() {
    var state = Parent()
    let id = state.path.ids.last!
    var after = StackChange<Int>.nothing
    let found = slot.withChild(&state, .element(id: id, action: 5), stored: false, after: &after) {
      element, amount, _ in element += amount
    }
    #expect(found)
    #expect(Array(state.path) == [1, 7])
    if case .nothing = after {
    } else {
      Issue.record("work was left for after the parent: \(after)")
    }
  }

  @Test func aPopIsLeftForAfterTheParentAndThenApplied() {
    var state = Parent()
    let id = state.path.ids.last!
    var after = StackChange<Int>.nothing
    #expect(slot.withChild(&state, .popFrom(id: id), stored: false, after: &after) { _, _, _ in })
    #expect(Array(state.path) == [1, 2])
    slot.afterParent(after, &state, action: .popFrom(id: id))
    #expect(Array(state.path) == [1])
  }

  @Test func aPopOfAnAbsentIDIsWarnedAfterTheParent() {
    let recorder = WarningRecorder(matching: "not on the stack")
    var state = Parent()
    var after = StackChange<Int>.nothing
    let id = StackElementID(generation: 999)
    _ = slot.withChild(&state, .popFrom(id: id), stored: false, after: &after) { _, _, _ in }
    slot.afterParent(after, &state, action: .popFrom(id: id))
    #expect(recorder.messages.count == 1)
    #expect(Array(state.path) == [1, 2])
  }
}
