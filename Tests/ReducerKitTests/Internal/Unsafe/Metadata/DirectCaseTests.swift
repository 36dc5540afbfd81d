import Foundation
import Testing

@testable import ReducerKit

@Suite struct DirectCaseTests: EnumMetadataTesting {
  @Test func aDirectCaseMatchesItsCaseAndReadsThePayload() {
    let direct = DirectCase(EnumCaseSelection.compute(root: Unique.self, value: Int.self))
    #expect(direct.exists)
    #expect(direct.matches(Unique.a(4)))
    #expect(direct.payload(of: Unique.a(4)) as Int == 4)
    #expect(!direct.matches(Unique.c("4")))
    #expect(!direct.matches(Unique.d))
    // A payload with references is copied out (retained), not borrowed from the root.
    let strings = DirectCase(EnumCaseSelection.compute(root: Unique.self, value: String.self))
    #expect(strings.exists)
    let string: String = strings.payload(of: Unique.c(String(repeating: "long ", count: 10)))
    #expect(string == String(repeating: "long ", count: 10))
  }

  @Test func aCaseThatNeedsMoreThanItsTagHasNoDirectRoute() {
    indirect enum Tree {
      case node(Int)
      case leaf
    }
    // Another payload the constructor could build: needs the check through the embed.
    #expect(
      !DirectCase(EnumCaseSelection.compute(root: WithExistential.self, value: Int.self)).exists)
    // Boxed, and no payload bits: not an inline payload.
    #expect(!DirectCase(EnumCaseSelection.compute(root: Tree.self, value: Int.self)).exists)
    #expect(!DirectCase(EnumCaseSelection.compute(root: Interleaved.self, value: Void.self)).exists)
    // Several candidates, not an enum, no selection, or not allowed by the level.
    #expect(!DirectCase(EnumCaseSelection.compute(root: Overlapping.self, value: Int.self)).exists)
    #expect(
      !DirectCase(EnumCaseSelection.compute(root: PartlyIndirect.self, value: Int.self)).exists)
    #expect(!DirectCase(EnumCaseSelection.compute(root: String.self, value: Int.self)).exists)
    #expect(!DirectCase(nil).exists)
    #expect(
      !DirectCase(EnumCaseSelection.compute(root: Unique.self, value: Int.self), allowed: false)
        .exists)
    #expect(DirectCase(nil) == .unavailable)
  }
}
