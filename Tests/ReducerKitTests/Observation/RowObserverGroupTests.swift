import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct RowObserverGroupTests {
  /// A stand-in for a state holding a collection: its versions and one value per row.
  struct Table {
    var structure: UInt64 = 1
    var element: UInt64 = 0
    var previousElement: UInt64 = 0
    var lastID: Int?
    var values = [0, 0, 0]

    /// Records an in-place access to row `id`, as `IdentifiedArray` does.
    mutating func willMutate(_ id: Int) {
      previousElement = element
      element += 1
      lastID = id
    }
  }

  /// A group over `table`; with `sharedKey`, every row has that key, as ids whose hash values
  /// collide would.
  func makeGroup(_ table: Table, sharedKey: Int? = nil) -> RowObserverGroup {
    StateAddress.with(table) {
      RowObserverGroup(
        id: RowGroupID(),
        readVersions: { pointer in
          let table = pointer[as: Table.self]
          return CollectionVersions(
            structure: table.structure, element: table.element,
            previousElement: table.previousElement,
            lastMutatedKey: table.lastID.map { sharedKey ?? RowKey.of($0) })
        },
        state: $0)
    }
  }

  /// Observes row `row`'s value, as read from `table`.
  func observe(_ row: Int, of table: Table, in group: RowObserverGroup) {
    let part = ObservedPart.make(\Table.values[row], offset: nil, notify: .silent)
    group.checkedAdd(
      StateObserver(part: part, value: table.values[row], finder: nil), row: RowKey.of(row))
  }

  func takeChanged(_ group: RowObserverGroup, in table: Table) -> Int {
    var changed: [StateObserver] = []
    StateAddress.with(table) { group.takeChanged(in: $0, into: &changed) }
    group.checkInvariants()
    return changed.count
  }

  @Test func anIntIdIsItsOwnRowKeyAndAUUIDFoldsItsHalves() throws {
    #expect(RowKey.of(42) == 42)
    #expect(RowKey.of(-7) == -7)
    let uuid = try #require(UUID(uuidString: "00000000-0000-0001-0000-000000000002"))
    // The two halves, read as the machine's words, folded with `^`: equal ids, equal keys;
    // ids that differ in one half, different keys.
    let halves = unsafeBitCast(uuid.uuid, to: (UInt64, UInt64).self)
    #expect(RowKey.of(uuid) == Int(truncatingIfNeeded: halves.0 ^ halves.1))
    #expect(RowKey.of(uuid) == RowKey.of(try #require(UUID(uuidString: uuid.uuidString))))
    let counted = (1...100).map {
      UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012X", $0))")!
    }
    #expect(Set(counted.map(RowKey.of)).count == 100)
    // Any other id: its hash value.
    #expect(RowKey.of("row") == "row".hashValue)
  }

  @Test func anActionOnOneRowChecksThatRowOnly() {
    var table = Table()
    let group = makeGroup(table)
    for row in 0..<3 { observe(row, of: table, in: group) }
    #expect(group.liveCount == 3)
    // Row 1 was mutated in place; row 2's value changed too, but only row 1 is checked.
    table.willMutate(1)
    table.values = [0, 5, 5]
    #expect(takeChanged(group, in: table) == 1)
    #expect(group.liveCount == 2)
  }

  @Test func rowsThatShareAKeyAreCheckedTogetherAndOnlyChangedOnesAreTaken() {
    var table = Table()
    // Every row has the same key, as ids whose hash values collide would.
    let group = makeGroup(table, sharedKey: 7)
    for row in 0..<2 {
      let part = ObservedPart.make(\Table.values[row], offset: nil, notify: .silent)
      group.checkedAdd(StateObserver(part: part, value: table.values[row], finder: nil), row: 7)
    }
    table.willMutate(0)
    table.values = [4, 0, 0]
    #expect(takeChanged(group, in: table) == 1)
    #expect(group.liveCount == 1)
    table.willMutate(1)
    table.values = [4, 2, 0]
    #expect(takeChanged(group, in: table) == 1)
    #expect(group.liveCount == 0)
  }

  @Test func aRowKeepsItsUnchangedObserversInOrderAndTakesTheOthers() {
    // Three observers in one row (their ids share a key): the first and last change, the middle
    // one does not and must be the one the row keeps, checked again by the next action.
    var table = Table()
    let group = makeGroup(table, sharedKey: 7)
    let parts = (0..<3).map { ObservedPart.make(\Table.values[$0], offset: nil, notify: .silent) }
    for (row, part) in parts.enumerated() {
      group.checkedAdd(StateObserver(part: part, value: table.values[row], finder: nil), row: 7)
    }
    table.willMutate(0)
    table.values = [1, 0, 1]
    var changed: [StateObserver] = []
    StateAddress.with(table) { group.takeChanged(in: $0, into: &changed) }
    #expect(
      changed.map { ObjectIdentifier($0.part) } == [parts[0], parts[2]].map(ObjectIdentifier.init))
    #expect(group.liveCount == 1)
    table.willMutate(1)
    table.values = [1, 2, 1]
    changed = []
    StateAddress.with(table) { group.takeChanged(in: $0, into: &changed) }
    #expect(changed.map { ObjectIdentifier($0.part) } == [ObjectIdentifier(parts[1])])
    #expect(group.liveCount == 0)
    // The emptied row takes a new observer.
    group.checkedAdd(StateObserver(part: parts[1], value: 2, finder: nil), row: 7)
    #expect(group.liveCount == 1)
  }

  @Test func anActionThatMutatedNoRowChecksNone() {
    var table = Table()
    let group = makeGroup(table)
    observe(0, of: table, in: group)
    table.values = [9, 0, 0]
    #expect(takeChanged(group, in: table) == 0)
    #expect(group.liveCount == 1)
  }

  @Test func aStructureChangeChecksEveryRow() {
    var table = Table()
    let group = makeGroup(table)
    for row in 0..<3 { observe(row, of: table, in: group) }
    table.structure += 1
    table.values = [1, 0, 1]
    #expect(takeChanged(group, in: table) == 2)
    #expect(group.liveCount == 1)
    // Row 1 is still observed, through the list that stayed.
    table.willMutate(1)
    table.values = [1, 2, 1]
    #expect(takeChanged(group, in: table) == 1)
    #expect(group.liveCount == 0)
  }

  @Test func twoAccessesSinceTheLastCheckCheckEveryRow() {
    var table = Table()
    let group = makeGroup(table)
    for row in 0..<3 { observe(row, of: table, in: group) }
    table.willMutate(0)
    table.willMutate(2)
    table.values = [1, 0, 1]
    #expect(takeChanged(group, in: table) == 2)
  }

  @Test func observingARowAgainReplacesItsObserver() {
    var table = Table()
    let group = makeGroup(table)
    let part = ObservedPart.make(\Table.values[0], offset: nil, notify: .silent)
    group.checkedAdd(StateObserver(part: part, value: 0, finder: nil), row: RowKey.of(0))
    group.checkedAdd(StateObserver(part: part, value: 3, finder: nil), row: RowKey.of(0))
    #expect(group.liveCount == 1)
    table.willMutate(0)
    table.values = [3, 0, 0]
    #expect(takeChanged(group, in: table) == 0)
  }

  @Test func removingAPartsObserverLeavesTheRowsOtherObservers() {
    var table = Table()
    let group = makeGroup(table)
    let first = ObservedPart.make(\Table.values[0], offset: nil, notify: .silent)
    let second = ObservedPart.make(\Table.values[0], offset: nil, notify: .silent)
    group.checkedAdd(StateObserver(part: first, value: 0, finder: nil), row: RowKey.of(0))
    group.checkedAdd(StateObserver(part: second, value: 0, finder: nil), row: RowKey.of(0))
    group.checkedRemove(first, row: RowKey.of(0))
    #expect(group.liveCount == 1)
    group.checkedRemove(first, row: RowKey.of(0))
    group.checkedRemove(second, row: RowKey.of(1))  // not in that row
    #expect(group.liveCount == 1)
    table.willMutate(0)
    table.values = [1, 0, 0]
    #expect(takeChanged(group, in: table) == 1)
    #expect(group.liveCount == 0)
  }
}

extension RowObserverGroup {
  /// Checks the group after every change the tests make (in debug builds).
  fileprivate func checkInvariants() {
    #if DEBUG
    _checkInvariants()
    #endif
  }

  fileprivate func checkedAdd(_ observer: StateObserver, row key: Int) {
    add(observer, row: key)
    checkInvariants()
  }

  fileprivate func checkedRemove(_ part: ObservedPart, row key: Int) {
    remove(part, row: key)
    checkInvariants()
  }
}
