import Foundation
import Testing

@testable import ReducerKit

@Suite struct UncheckedFieldsTests {
  struct Hot {
    var count = 0
    var list: [Int] = []
  }

  /// An owner as the store's classes are: its own stored properties beside the unchecked ones,
  /// which it reaches through forwarding accessors.
  final class Owner: UncheckedFields<Hot> {
    let name: String
    var other = 7

    var count: Int {
      _read { yield unchecked.count }
      _modify { yield &unchecked.count }
    }

    var list: [Int] {
      _read { yield unchecked.list }
      _modify { yield &unchecked.list }
    }

    init(name: String) {
      self.name = name
      super.init(unchecked: Hot())
    }
  }

  @Test func theFieldsHoldWhatIsWritten() {
    let owner = Owner(name: "owner")
    owner.count += 2
    owner.count += 3
    owner.list.append(1)
    #expect(owner.count == 5)
    #expect(owner.unchecked.count == 5)
    #expect(owner.list == [1])
  }

  @Test func aMutationThroughTheAccessorsIsInPlace() {
    let owner = Owner(name: "owner")
    owner.list.reserveCapacity(16)
    owner.list.append(1)
    let buffer = owner.list.withUnsafeBufferPointer { $0.baseAddress }
    for value in 2...8 { owner.list.append(value) }
    // The array stayed uniquely referenced (not copied out and back, which would have made it
    // shared during the append and copied it to a new buffer).
    #expect(owner.list.withUnsafeBufferPointer { $0.baseAddress } == buffer)
    #expect(owner.list == Array(1...8))
  }

  @Test func theOwnersOwnPropertiesAreIndependentOfTheFields() {
    let owner = Owner(name: "owner")
    owner.other = 9
    owner.count = 4
    #expect(owner.name == "owner")
    #expect(owner.other == 9)
    #expect(owner.count == 4)
    #expect(owner.list.isEmpty)
  }
}
