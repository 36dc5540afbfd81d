import Foundation
import Testing

@testable import ReducerKit

/// The identity of a presented instance and of a presented alert.
@Suite struct PresentationIdentityTests {
  struct Item: Identifiable, Equatable {
    var id: Int
  }
  enum Destination: Equatable {
    case item(Item)
    case other(Item)
    case alert(AlertState<Int>)
  }

  @Test func aDestinationsIdentityIsItsCaseAndItsPayloadsID() {
    let identity = presentationInstanceReader(of: Destination.self)
    #expect(identity(.item(Item(id: 1))) == identity(.item(Item(id: 1))))
    #expect(identity(.item(Item(id: 1))) != identity(.item(Item(id: 2))))
    #expect(identity(.item(Item(id: 1))) != identity(.other(Item(id: 1))))
    #expect(presentationInstanceReader(of: Item.self)(Item(id: 3)) == AnyHashable(3))
    #expect(presentationInstanceReader(of: Int.self)(3) == nil)
  }

  @Test func anAlertInADestinationHasAnEphemeralIdentity() {
    let reader = ephemeralIdentityReader(of: Destination.self)
    let alert = AlertState<Int> { TextState("Hi") }
    #expect(reader?(.alert(alert)) == AnyHashable(alert.ephemeralIdentity))
    #expect(reader?(.item(Item(id: 1))) == nil)
    #expect(ephemeralIdentityReader(of: Int.self) == nil)
  }
}
