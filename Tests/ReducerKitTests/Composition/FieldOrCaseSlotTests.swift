import Foundation
import Testing

@testable import ReducerKit

/// The slot of a field or a case of the parent state (`Scope`, `ifCaseLet`), on its own.
@MainActor
@Suite struct FieldOrCaseSlotTests {
  enum State: Equatable {
    case counter(Int)
    case other
  }

  enum Action: Equatable {
    case counter(Int)
    case parent
  }

  struct Parent: Equatable {
    var count = 0
    var other = 0
  }

  typealias CaseSlot = FieldOrCaseSlot<State, Action, Int, Int>

  func caseSlot(named name: String = "A test's case") -> CaseSlot {
    FieldOrCaseSlot(
      case: CasePath(State.counter), action: CasePath(Action.counter), reducerName: name,
      site: SourceSite(fileID: #fileID, line: #line))
  }

  /// Runs `slot`'s child with `body`, returning whether it was there.
  func run<S, A, C>(
    _ slot: FieldOrCaseSlot<S, A, C, Int>, _ state: inout S, _ action: Int,
    _ body: (inout C, Int) -> Void
  ) -> Bool {
    var after = NoWorkAfterParent.nothing
    return slot.withChild(&state, action, stored: false, after: &after) { child, action, _ in
      body(&child, action)
    }
  }

  @Test func aFieldIsStoredAndMutatedInPlace() {
    let slot = FieldOrCaseSlot<Parent, Action, Int, Int>(
      field: \.count, action: CasePath(Action.counter))
    #expect(slot.isStored)
    var state = Parent()
    #expect(run(slot, &state, 5) { $0 += $1 })
    #expect(state == Parent(count: 5, other: 0))
  }

  @Test func theChildRunsOnTheCasesStateAndPutsItBack() {
    var state = State.counter(1)
    #expect(!caseSlot().isStored)
    #expect(run(caseSlot(), &state, 5) { $0 += $1 })
    #expect(state == .counter(6))
  }

  @Test func aChildActionInAnotherCaseFindsNoChildAndChangesNothing() {
    var state = State.other
    var ran = false
    #expect(!run(caseSlot(), &state, 1) { _, _ in ran = true })
    #expect(!ran)
    #expect(state == .other)
  }

  @Test func theWarningNamesTheReducer() {
    let recorder = WarningRecorder(matching: "A test's case received a child action")
    caseSlot().warnMissingChild(action: .counter(1))
    #expect(recorder.messages.count == 1)
  }

  @Test func aCasesEffectIsMappedAndScopedToTheCaseWithALifetime() {
    var state = State.counter(1)
    let slot = caseSlot()
    _ = run(slot, &state, 0) { _, _ in }
    let effect = slot.scope(.send(9), of: ())
    guard case .scoped(let inner, let component, _) = effect.operation,
      case .send(.counter(9)) = inner.operation
    else {
      Issue.record("expected the child's send, mapped and scoped: \(effect.operation)")
      return
    }
    #expect(component.hasLifetime)
  }

  @Test func aFieldsEffectIsScopedWithoutALifetime() {
    let slot = FieldOrCaseSlot<Parent, Action, Int, Int>(
      field: \.count, action: CasePath(Action.counter))
    let effect = slot.scope(.send(9), of: ())
    guard case .scoped(_, let component, _) = effect.operation else {
      Issue.record("expected a scoped effect: \(effect.operation)")
      return
    }
    #expect(!component.hasLifetime)
  }
}
