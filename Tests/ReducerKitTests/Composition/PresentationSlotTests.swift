import Foundation
import Testing

@testable import ReducerKit

/// The presentation slot on its own: `.dismiss` and an alert's action are left for after the
/// parent; a presented child runs with the presentation taken out of a computed `$x`.
@Suite struct PresentationSlotTests {
  struct Parent {
    @PresentationState var child: Int? = 1
    @PresentationState var alert: AlertState<Int>?
  }
  typealias Action = PresentationAction<Int>

  func slot<Child>(
    _ keyPath: WritableKeyPath<Parent, PresentationState<Child>>
  ) -> PresentationSlot<Parent, Action, Child, Int> {
    PresentationSlot(
      keyPath, action: CasePath<Action, Action>(embed: { $0 }, extract: { $0 }),
      site: SourceSite(fileID: #fileID, line: #line))
  }

  @Test func aPresentedChildRunsAndIsPutBack() {
    var state = Parent()
    var after = PresentationSlot<Parent, Action, Int, Int>.AfterParent.nothing
    let found = slot(\.$child).withChild(&state, .presented(4), stored: false, after: &after) {
      child, amount, _ in child += amount
    }
    #expect(found)
    #expect(state.child == 5)
    if case .nothing = after {
    } else {
      Issue.record("work was left for after the parent: \(after)")
    }
  }

  @Test func dismissIsLeftForAfterTheParent() {
    var state = Parent()
    let slot = slot(\.$child)
    var after = PresentationSlot<Parent, Action, Int, Int>.AfterParent.nothing
    #expect(slot.withChild(&state, .dismiss, stored: false, after: &after) { _, _, _ in })
    #expect(state.child == 1)
    slot.afterParent(after, &state, action: .dismiss)
    #expect(state.child == nil)
  }

  @Test func anAlertIsDismissedAfterItsActionUnlessAnotherWasPresented() {
    let slot = slot(\.$alert)
    var state = Parent()
    state.alert = AlertState { TextState("Delete?") }
    var after = PresentationSlot<Parent, Action, AlertState<Int>, Int>.AfterParent.nothing
    #expect(slot.withChild(&state, .presented(1), stored: false, after: &after) { _, _, _ in })
    slot.afterParent(after, &state, action: .presented(1))
    #expect(state.alert == nil)

    state.alert = AlertState { TextState("Delete?") }
    after = .nothing
    _ = slot.withChild(&state, .presented(1), stored: false, after: &after) { _, _, _ in }
    state.alert = AlertState { TextState("Another") }
    slot.afterParent(after, &state, action: .presented(1))
    #expect(state.alert != nil)
  }

  @Test func nothingPresentedFindsNoChild() {
    var state = Parent()
    state.child = nil
    var after = PresentationSlot<Parent, Action, Int, Int>.AfterParent.nothing
    #expect(
      !slot(\.$child).withChild(&state, .presented(1), stored: false, after: &after) { _, _, _ in })
  }
}
