import Foundation
import Testing

@testable import ReducerKit

@Suite struct IdentifiedArrayPositionsTests {
  /// How many of `ids` land in different buckets of a table of `buckets` (a power of two), as
  /// `Dictionary` places them for `seed`.
  func distinctBuckets<ID: Hashable>(_ ids: [ID], buckets: Int, seed: Int) -> Int {
    Set(ids.map { _IdentifiedArrayKey($0)._rawHashValue(seed: seed) & (buckets - 1) }).count
  }

  @Test(arguments: [0, 12, 20, 32, 48])
  func intIdsStridedByAPowerOfTwoSpreadOverTheBuckets(shift: Int) {
    // 1,024 ids in 2,048 buckets: hashed at random, about 806 distinct buckets are expected. An
    // id that were its own hash would put these ids (for shift ≥ 11) all in bucket 0.
    let ids = (0..<1_024).map { $0 << shift }
    for seed in [0, 1, -7, 0x5DEE_CE66D] {
      #expect(distinctBuckets(ids, buckets: 2_048, seed: seed) > 700)
    }
  }

  @Test func uuidIdsSpreadOverTheBucketsCountingOrRandom() {
    let counting = (0..<1_024).map { UUID($0) }
    let random = (0..<1_024).map { _ in UUID() }
    for seed in [0, 3, 0x1234_5678] {
      #expect(distinctBuckets(counting, buckets: 2_048, seed: seed) > 700)
      #expect(distinctBuckets(random, buckets: 2_048, seed: seed) > 700)
    }
  }

  @Test func equalIdsHashEquallyAndTheSeedChangesTheHash() {
    for id in [0, 1, -1, Int.max, Int.min, 1 << 40] {
      #expect(
        _IdentifiedArrayKey(id)._rawHashValue(seed: 42)
          == _IdentifiedArrayKey(id)._rawHashValue(seed: 42))
      #expect(
        _IdentifiedArrayKey(id)._rawHashValue(seed: 1)
          != _IdentifiedArrayKey(id)._rawHashValue(seed: 2))
    }
    let uuid = UUID()
    #expect(
      _IdentifiedArrayKey(uuid)._rawHashValue(seed: 9)
        == _IdentifiedArrayKey(UUID(uuid: uuid.uuid))._rawHashValue(seed: 9))
  }

  @Test func otherIdTypesHashAsTheyDoInADictionary() {
    for id in ["", "a", "row 17"] {
      #expect(_IdentifiedArrayKey(id)._rawHashValue(seed: 5) == id._rawHashValue(seed: 5))
    }
  }

  @Test func positionsAreFoundSetAndRemovedByIdForEveryKindOfId() {
    var positions = _IdentifiedArrayPositions<Int>(minimumCapacity: 4)
    let ids = (0..<5_000).map { ($0 << 24) ^ -$0 }
    for (position, id) in ids.enumerated() {
      #expect(positions.updateValue(position, forKey: id) == nil)
    }
    #expect(positions.count == ids.count)
    for (position, id) in ids.enumerated() { #expect(positions[id] == position) }
    #expect(positions[12_345] == nil)
    for id in ids where id.isMultiple(of: 2) { positions[id] = nil }
    for (position, id) in ids.enumerated() {
      #expect(positions[id] == (id.isMultiple(of: 2) ? nil : position))
    }
    #expect(positions.removeValue(forKey: ids[1]) == 1)
    positions.removeAll(keepingCapacity: true)
    #expect(positions.count == 0)

    var byUUID = _IdentifiedArrayPositions<UUID>()
    let uuids = (0..<100).map { UUID($0) }
    for (position, id) in uuids.enumerated() { byUUID[id] = position }
    for (position, id) in uuids.enumerated() { #expect(byUUID[id] == position) }

    var byString = _IdentifiedArrayPositions<String>()
    byString["b"] = 1
    byString["a"] = 0
    #expect(byString["a"] == 0 && byString["b"] == 1 && byString["c"] == nil)
  }

  @Test func anArrayOfRowsWithStridedIdsFindsEveryRow() {
    let ids = (0..<2_000).map { $0 << 32 }
    var rows = IdentifiedArray(uniqueElements: ids.map { Row(id: $0) })
    for id in ids { rows[id: id]?.count += 1 }
    #expect(rows.elements.allSatisfy { $0.count == 1 })
    rows.remove(id: ids[7])
    #expect(rows[id: ids[7]] == nil && rows[id: ids[8]]?.count == 1 && rows.count == 1_999)
  }
}

private struct Row: Identifiable, Equatable {
  let id: Int
  var count = 0
}
