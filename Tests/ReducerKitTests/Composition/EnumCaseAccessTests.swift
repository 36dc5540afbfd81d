import Foundation
import Testing

@testable import ReducerKit

/// A case of an enum state, taken out, mutated and embedded back.
@Suite struct EnumCaseAccessTests {
  struct Item: Identifiable, Equatable {
    var id: Int
  }
  enum State: Equatable {
    case item(Item)
    case count(Int)
  }

  @Test func thePayloadIsMutatedAndEmbeddedBackAndTheCaseNamed() {
    let access = EnumCaseAccess(CasePath(State.item))
    var state = State.item(Item(id: 1))
    #expect(access.modify(&state) { $0.id = 2 })
    #expect(state == .item(Item(id: 2)))
    #expect(access.caseName?.hasSuffix("State.item") == true)
  }

  @Test func anotherCaseIsUntouched() {
    let access = EnumCaseAccess(CasePath(State.item))
    var state = State.count(3)
    #expect(!access.modify(&state) { $0.id = 2 })
    #expect(state == .count(3))
  }

  @Test func anIdentifiablePayloadsInstanceIsItsID() {
    #expect(EnumCaseAccess(CasePath(State.item)).instance(Item(id: 7)) == AnyHashable(7))
    #expect(EnumCaseAccess(CasePath(State.count)).instance(7) == nil)
  }
}
