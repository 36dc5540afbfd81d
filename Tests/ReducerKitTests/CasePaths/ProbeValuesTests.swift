import Foundation
import Testing

@testable import ReducerKit

private enum Action: Equatable {
  case tap
  case text(String)
  case close
}

/// Every case has a payload: no value of it can be made without its payload's type.
private enum PayloadsOnly: Equatable {
  case text(String)
  case number(Int)
}

private struct State: Hashable {
  var count = 0
}

/// The first bytes of `value`, at most a word: what a learned case compares.
private func firstBytes<Value>(of value: Value) -> [UInt8] {
  withUnsafeBytes(of: value) {
    Array($0.prefix(min(MemoryLayout<Value>.size, MemoryLayout<UnsafeRawPointer>.size)))
  }
}

@Suite struct ProbeValuesTests {
  @Test func enumsAreProbedWithTheirCasesWithoutPayload() {
    #expect(caseProbes(of: Action.self) == [.tap, .close])
    #expect(caseProbes(of: Int?.self) == [nil])
    #expect(caseProbes(of: PayloadsOnly.self).isEmpty)
  }

  @Test func structsCannotBeProbed() {
    #expect(caseProbes(of: State.self).isEmpty)
    #expect(caseProbes(of: [Int].self).isEmpty)
    #expect(caseProbes(of: (Int, String).self).isEmpty)
  }

  @Test func voidIsProbedWithItsOneValue() {
    #expect(caseProbes(of: Void.self).count == 1)
  }

  @Test func identifierTypes() {
    #expect(caseProbes(of: Int.self) == [1])
    #expect(caseProbes(of: String.self) == ["a"])
    #expect(caseProbes(of: UUID.self) == [UUID(1)])
    #expect(caseProbes(of: StackElementID.self) == [1])
  }

  @Test func reducerKitsActionTypes() {
    #expect(
      caseProbes(of: PresentationAction<Action>.self)
        == [.dismiss, .presented(.tap), .presented(.close)])
    #expect(
      caseProbes(of: IdentifiedAction<UUID, Action>.self)
        == [.element(id: UUID(1), action: .tap), .element(id: UUID(1), action: .close)])
    #expect(caseProbes(of: IdentifiedAction<State, Action>.self).isEmpty)
    #expect(caseProbes(of: IdentifiedAction<Int, PayloadsOnly>.self).isEmpty)
    #expect(caseProbes(of: StackAction<State, PayloadsOnly>.self) == [.popFrom(id: 1)])
    #expect(caseProbes(of: BindingAction<State>.self).count == 1)
  }

  @Test func theBindingActionProbeSetsNothing() throws {
    let probe = try #require(caseProbes(of: BindingAction<State>.self).first)
    var state = State(count: 3)
    probe.apply(to: &state)
    #expect(state == State(count: 3))
    #expect(probe.keyPath == \State.self)
  }

  @Test func theFirstBytesOfReducerKitsProbesCannotBeAReference() {
    // So that a learned case can tell their payload is stored inline, in any root.
    #expect(LearnedCase.cannotBeReference(firstBytes(of: caseProbes(of: Int.self)[0])))
    #expect(LearnedCase.cannotBeReference(firstBytes(of: caseProbes(of: String.self)[0])))
    #expect(LearnedCase.cannotBeReference(firstBytes(of: caseProbes(of: UUID.self)[0])))
    let stack = caseProbes(of: StackAction<State, Action>.self)
    #expect(stack.contains { LearnedCase.cannotBeReference(firstBytes(of: $0)) })
    let binding = caseProbes(of: BindingAction<State>.self)
    #expect(binding.contains { LearnedCase.cannotBeReference(firstBytes(of: $0)) })
    let rows = caseProbes(of: IdentifiedAction<UUID, Action>.self)
    #expect(rows.contains { LearnedCase.cannotBeReference(firstBytes(of: $0)) })
  }
}
