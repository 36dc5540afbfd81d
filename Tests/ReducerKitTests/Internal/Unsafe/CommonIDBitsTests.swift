import Foundation
import Testing

@testable import ReducerKit

@Suite struct CommonIDBitsTests {
  @Test func anIntIDGivesItsBitPattern() {
    for id in [0, 1, -1, Int.max, Int.min, 123_456] {
      #expect(_commonIDBits(id) == UInt64(UInt(bitPattern: id)))
    }
  }

  @Test func equalUUIDsGiveEqualBitsAndEitherHalfCounts() throws {
    let uuid = try #require(UUID(uuidString: "00000000-0000-0001-0000-000000000002"))
    let same = try #require(UUID(uuidString: "00000000-0000-0001-0000-000000000002"))
    let otherHigh = try #require(UUID(uuidString: "00000000-0000-0003-0000-000000000002"))
    let otherLow = try #require(UUID(uuidString: "00000000-0000-0001-0000-000000000005"))
    #expect(_commonIDBits(uuid) == _commonIDBits(same))
    #expect(_commonIDBits(uuid) != _commonIDBits(otherHigh))
    #expect(_commonIDBits(uuid) != _commonIDBits(otherLow))
    // The two halves, folded: the same as reading the 16 bytes as two words.
    let words = withUnsafeBytes(of: uuid.uuid) {
      ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
    #expect(_commonIDBits(uuid) == words.0 ^ words.1)
    for _ in 0..<100 {
      let random = UUID()
      #expect(_commonIDBits(random) == _commonIDBits(UUID(uuid: random.uuid)))
    }
  }

  @Test func anIDOfAnotherTypeGivesNil() {
    #expect(_commonIDBits("id") == nil)
    #expect(_commonIDBits(Int32(1)) == nil)
    #expect(_commonIDBits(UInt(1)) == nil)
  }
}
