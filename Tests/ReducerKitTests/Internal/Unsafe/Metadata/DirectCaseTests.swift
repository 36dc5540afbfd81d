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

  @Test func anEnumsOnlyCaseIsReadAsTheWholeValue() {
    enum Only {
      case rows(String, Int)
    }
    enum OnlyOptional {
      case child(Int?)
    }
    enum WithEmptyCase {
      case rows(String)
      case reset
    }
    let only = DirectCase(EnumCaseSelection.compute(root: Only.self, value: (String, Int).self))
    #expect(only.isWholeEnum)
    // The invariant: an enum of one inline case is laid out as its payload.
    #expect(MemoryLayout<Only>.size == MemoryLayout<(String, Int)>.size)
    let long = String(repeating: "row ", count: 10)
    #expect(only.matches(Only.rows(long, 3)))
    let payload: (String, Int) = only.payload(of: Only.rows(long, 3))
    #expect(payload == (long, 3))
    // A payload with spare bits of its own (an optional) is still the whole value.
    let optional = DirectCase(
      EnumCaseSelection.compute(root: OnlyOptional.self, value: Int?.self))
    #expect(optional.isWholeEnum)
    #expect(MemoryLayout<OnlyOptional>.size == MemoryLayout<Int?>.size)
    #expect(optional.payload(of: OnlyOptional.child(nil)) as Int? == nil)
    #expect(optional.payload(of: OnlyOptional.child(7)) as Int? == 7)
    // Another case (even an empty one) takes tag bits: the tag is tested.
    let withEmpty = DirectCase(
      EnumCaseSelection.compute(root: WithEmptyCase.self, value: String.self))
    #expect(withEmpty.exists && !withEmpty.isWholeEnum)
    #expect(!withEmpty.matches(WithEmptyCase.reset))
    #expect(!DirectCase(EnumCaseSelection.compute(root: Unique.self, value: Int.self)).isWholeEnum)
  }
}
