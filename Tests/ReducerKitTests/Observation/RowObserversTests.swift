import Foundation
import Testing

@testable import ReducerKit

/// One row's observers: the first inline, the others after it, in the order they were added,
/// through every way in and out.
@MainActor
@Suite struct RowObserversTests {
  struct Row {
    var a = 0
    var b = 0
    var c = 0
  }

  /// Observers of `a`, `b` and `c`, each having read 0.
  let parts: [ObservedPart] = [
    .make(\Row.a, offset: 0, notify: .silent),
    .make(\Row.b, offset: 8, notify: .silent),
    .make(\Row.c, offset: 16, notify: .silent),
  ]

  func observer(_ index: Int) -> StateObserver {
    StateObserver(part: parts[index], value: 0, finder: nil)
  }

  /// Which parts (by index) `observers` holds, in order.
  func indices(_ observers: RowObservers) -> [Int] {
    observers.all.map { observer in parts.firstIndex { $0 === observer.part }! }
  }

  /// Moves the observers changed in `row` out of `observers`; returns their parts' indices.
  func takeChanged(_ observers: inout RowObservers, in row: Row) -> [Int] {
    var changed: [StateObserver] = []
    StateAddress.with(row) { observers.takeChanged(in: $0, into: &changed) }
    observers.checkInvariants()
    return changed.map { observer in parts.firstIndex { $0 === observer.part }! }
  }

  /// `observers.add(observer)`, outside `#expect` (which cannot take a mutating call).
  func add(_ observer: StateObserver, to observers: inout RowObservers) -> Bool {
    defer { observers.checkInvariants() }
    return observers.add(observer)
  }

  /// `observers.remove(part)`, outside `#expect`.
  func remove(_ part: ObservedPart, from observers: inout RowObservers) -> Bool {
    defer { observers.checkInvariants() }
    return observers.remove(part)
  }

  @Test func addKeepsOneObserverPerPartInOrder() {
    var observers = RowObservers()
    #expect(observers.isEmpty)
    #expect(observers.count == 0)
    #expect(add(observer(0), to: &observers))
    #expect(add(observer(1), to: &observers))
    #expect(add(observer(2), to: &observers))
    #expect(indices(observers) == [0, 1, 2])
    // The same part again replaces its observer, in its place, first or not.
    let newFirst = observer(0)
    #expect(!add(newFirst, to: &observers))
    #expect(!add(observer(2), to: &observers))
    #expect(indices(observers) == [0, 1, 2])
    #expect(observers.all.first === newFirst)
    #expect(observers.count == 3)
  }

  @Test func removingTheFirstMovesTheNextUp() {
    var observers = RowObservers()
    for index in 0..<3 { observers.append(observer(index)) }
    #expect(remove(parts[0], from: &observers))
    #expect(indices(observers) == [1, 2])
    #expect(!remove(parts[0], from: &observers))
    #expect(remove(parts[2], from: &observers))
    #expect(indices(observers) == [1])
    #expect(remove(parts[1], from: &observers))
    #expect(observers.isEmpty)
    #expect(!remove(parts[1], from: &observers))
    // Empty again, it takes a first observer as a new list does.
    #expect(add(observer(2), to: &observers))
    #expect(indices(observers) == [2])
  }

  @Test(arguments: [
    // (what changed, changed observers, kept observers) with observers of a, b and c.
    (Row(a: 1), [0], [1, 2]),
    (Row(b: 1), [1], [0, 2]),
    (Row(c: 1), [2], [0, 1]),
    (Row(a: 1, c: 1), [0, 2], [1]),
    (Row(a: 1, b: 1, c: 1), [0, 1, 2], []),
    (Row(), [], [0, 1, 2]),
  ])
  func takeChangedMovesExactlyTheChangedOnesInOrder(row: Row, changed: [Int], kept: [Int]) {
    var observers = RowObservers()
    for index in 0..<3 { observers.append(observer(index)) }
    #expect(takeChanged(&observers, in: row) == changed)
    #expect(indices(observers) == kept)
    #expect(observers.count == kept.count)
    #expect(observers.isEmpty == kept.isEmpty)
  }

  @Test func aLoneObserverIsTakenAndTheListLeftEmpty() {
    var observers = RowObservers()
    observers.append(observer(1))
    #expect(takeChanged(&observers, in: Row(a: 1)) == [])
    #expect(indices(observers) == [1])
    #expect(takeChanged(&observers, in: Row(b: 1)) == [1])
    #expect(observers.isEmpty)
    #expect(takeChanged(&observers, in: Row(b: 2)) == [])
    observers.append(observer(0))
    observers.removeAll()
    #expect(observers.isEmpty)
  }
}

extension RowObservers {
  /// Checks the row after every change the tests make (in debug builds).
  fileprivate func checkInvariants() {
    #if DEBUG
    _checkInvariants()
    #endif
  }
}
