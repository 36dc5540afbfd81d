import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct RowObserverTableTests {
  struct Row {
    var value = 0
  }

  func observer() -> StateObserver {
    StateObserver(
      part: .make(\Row.value, offset: 0, notify: .silent), value: 0, finder: nil)
  }

  /// How many observers the row with `key` has; `nil` when it has no entry.
  func observerCount(_ table: inout RowObserverTable, _ key: Int) -> Int? {
    guard let slot = table.slot(of: key) else { return nil }
    return table.withObservers(at: slot) { $0.count }
  }

  @Test func findsEachRowByItsKey() {
    var table = RowObserverTable()
    #expect(table.slot(of: 7) == nil)
    table.checkedWithObservers(ofKey: 7) { $0.append(observer()) }
    table.checkedWithObservers(ofKey: -3) {
      $0.append(observer())
      $0.append(observer())
    }
    #expect(table.count == 2)
    #expect(observerCount(&table, 7) == 1)
    #expect(observerCount(&table, -3) == 2)
    #expect(observerCount(&table, 8) == nil)
    // The same key again reaches the same entry.
    table.checkedWithObservers(ofKey: 7) { $0.append(observer()) }
    #expect(table.count == 2)
    #expect(observerCount(&table, 7) == 2)
  }

  @Test func keysThatShareTheirLowBitsAreKeptApart() {
    var table = RowObserverTable()
    // In a table of 8 or 16 slots these all start probing at the same slot.
    let keys = [0, 16, 32, 48, 64, 1]
    for (count, key) in keys.enumerated() {
      table.checkedWithObservers(ofKey: key) { observers in
        for _ in 0...count { observers.append(observer()) }
      }
    }
    for (count, key) in keys.enumerated() { #expect(observerCount(&table, key) == count + 1) }
  }

  @Test func aRemovalKeepsTheRowsAfterItReachable() throws {
    var table = RowObserverTable()
    let keys = [0, 8, 16, 1, 9, 7, 15]
    for key in keys { table.checkedWithObservers(ofKey: key) { $0.append(observer()) } }
    table.checkedRemove(at: try #require(table.slot(of: 8)))
    #expect(table.slot(of: 8) == nil)
    for key in keys where key != 8 { #expect(observerCount(&table, key) == 1) }
    table.checkedRemove(at: try #require(table.slot(of: 0)))
    table.checkedRemove(at: try #require(table.slot(of: 15)))
    for key in [16, 1, 9, 7] { #expect(observerCount(&table, key) == 1) }
    #expect(table.count == 4)
  }

  @Test func agreesWithADictionaryOverManyInsertionsAndRemovals() throws {
    var table = RowObserverTable()
    var model: [Int: Int] = [:]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3_000 {
      // Few distinct keys, many of them sharing low bits, so that probes cross and wrap.
      let key = Int.random(in: 0..<40, using: &generator) * 16 + Int.random(in: 0..<3)
      if Bool.random(using: &generator), let slot = table.slot(of: key) {
        table.checkedRemove(at: slot)
        model[key] = nil
      } else {
        table.checkedWithObservers(ofKey: key) { $0.append(observer()) }
        model[key, default: 0] += 1
      }
      #expect(table.count == model.count)
    }
    for key in 0..<(40 * 16 + 3) { #expect(observerCount(&table, key) == model[key]) }
  }

  @Test func dropsTheRowsLeftWithoutObservers() {
    var table = RowObserverTable()
    for key in 0..<20 {
      table.checkedWithObservers(ofKey: key) { if key % 3 == 0 { $0.append(observer()) } }
    }
    #expect(table.count == 20)
    table.removeEmptyRows()
    #expect(table.count == 7)
    for key in 0..<20 { #expect(observerCount(&table, key) == (key % 3 == 0 ? 1 : nil)) }
    var visited = 0
    table.forEachRow { observers in
      visited += observers.count
      observers.removeAll()
    }
    #expect(visited == 7)
    table.removeEmptyRows()
    #expect(table.isEmpty)
  }
}

extension RowObserverTable {
  /// Checks the table after every change the tests make (in debug builds).
  fileprivate func checkInvariants() {
    #if DEBUG
    _checkInvariants()
    #endif
  }

  fileprivate mutating func checkedWithObservers<Result>(
    ofKey key: Int, _ body: (inout RowObservers) -> Result
  ) -> Result {
    defer { checkInvariants() }
    return withObservers(ofKey: key, body)
  }

  fileprivate mutating func checkedRemove(at slot: Int) {
    remove(at: slot)
    checkInvariants()
  }
}
