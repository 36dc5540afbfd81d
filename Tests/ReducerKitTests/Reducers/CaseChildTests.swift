import Foundation
import Testing

@testable import ReducerKit

/// The child step that `Scope` on an enum case and `ifCaseLet` share, on its own.
@MainActor
@Suite struct CaseChildTests {
  enum State: Equatable {
    case counter(Int)
    case other
  }

  enum Action: Equatable {
    case counter(Int)
    case parent
  }

  func caseChild(named name: String = "A test's case") -> CaseChild<State, Action, Int, Int> {
    CaseChild(
      toCaseState: CasePath(State.counter), toCaseAction: CasePath(Action.counter),
      reducerName: name, fileID: #fileID, line: #line)
  }

  @Test func theChildRunsOnTheCasesStateAndPutsItBack() {
    var state = State.counter(1)
    let effect = caseChild().reduce(&state, .counter(5)) { count, amount in
      count += amount
      return .none
    }
    #expect(state == .counter(6))
    #expect(effect.isNone)
  }

  @Test func anActionThatIsNotTheChildsRunsNothing() {
    var state = State.counter(1)
    var ran = false
    _ = caseChild().reduce(&state, .parent) { _, _ in
      ran = true
      return .none
    }
    #expect(!ran)
    #expect(state == .counter(1))
  }

  @Test func aChildActionInAnotherCaseIsReportedWithTheReducersName() {
    let recorder = WarningRecorder(matching: "A test's case received a child action")
    var state = State.other
    var ran = false
    let effect = caseChild().reduce(&state, .counter(1)) { _, _ in
      ran = true
      return .none
    }
    #expect(!ran)
    #expect(state == .other)
    #expect(effect.isNone)
    #expect(recorder.messages.count == 1)
  }

  @Test func aChildEffectIsMappedAndScopedToTheCase() {
    var state = State.counter(1)
    let effect = caseChild().reduce(&state, .counter(1)) { _, _ in .send(9) }
    guard case .scoped(let inner, let component, _) = effect.operation,
      case .send(.counter(9)) = inner.operation
    else {
      Issue.record("expected the child's send, mapped and scoped: \(effect.operation)")
      return
    }
    #expect(component.hasLifetime)
  }
}
