import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StateObserverListTests {
  struct Pair {
    var a = 0
    var b = 0
    var c = 0
  }

  func part(_ keyPath: KeyPath<Pair, Int>) -> ObservedPart {
    .make(keyPath, offset: MemoryLayout<Pair>.offset(of: keyPath), notify: .silent)
  }

  func takeChanged(_ list: StateObserverList, in state: Pair) -> [ObservedPart] {
    var changed: [StateObserver] = []
    StateAddress.with(state) { list.takeChanged(in: $0, into: &changed) }
    list.checkInvariants()
    return changed.map(\.part)
  }

  @Test func takesTheObserversWhosePartChangedAndKeepsTheOthers() {
    let list = StateObserverList()
    let (a, b, c) = (part(\.a), part(\.b), part(\.c))
    for part in [a, b, c] { list.checkedAdd(StateObserver(part: part, value: 0, finder: nil)) }
    let changed = takeChanged(list, in: Pair(a: 1, b: 0, c: 1))
    #expect(changed.map(ObjectIdentifier.init) == [c, a].map(ObjectIdentifier.init))
    #expect(list.count == 1)
    #expect(takeChanged(list, in: Pair(a: 1, b: 0, c: 1)).isEmpty)
    #expect(
      takeChanged(list, in: Pair(a: 1, b: 2, c: 1)).map(ObjectIdentifier.init) == [
        ObjectIdentifier(b)
      ])
    #expect(list.isEmpty)
  }

  @Test func readingAPartAgainReplacesItsObserver() {
    let list = StateObserverList()
    let (a, b) = (part(\.a), part(\.b))
    list.checkedAdd(StateObserver(part: a, value: 0, finder: nil))
    list.checkedAdd(StateObserver(part: b, value: 0, finder: nil))
    list.checkedAdd(StateObserver(part: a, value: 5, finder: nil))
    #expect(list.count == 2)
    // The replacing observer's snapshot (5) is the one checked.
    #expect(takeChanged(list, in: Pair(a: 5, b: 0)).isEmpty)
    #expect(
      takeChanged(list, in: Pair(a: 0, b: 0)).map(ObjectIdentifier.init) == [
        ObjectIdentifier(a)
      ])
  }

  @Test func positionsStayRightAfterRemovals() {
    let list = StateObserverList()
    let (a, b, c) = (part(\.a), part(\.b), part(\.c))
    for part in [a, b, c] { list.checkedAdd(StateObserver(part: part, value: 0, finder: nil)) }
    _ = takeChanged(list, in: Pair(a: 1))  // c moves into a's place
    list.checkedAdd(StateObserver(part: c, value: 7, finder: nil))  // replaces c where it now is
    #expect(list.count == 2)
    #expect(a.listPosition == -1)
    #expect(takeChanged(list, in: Pair(a: 1, b: 0, c: 7)).isEmpty)
  }

  @Test func removingAPartsObserverKeepsTheOthersPositions() {
    let list = StateObserverList()
    let (a, b, c) = (part(\.a), part(\.b), part(\.c))
    for part in [a, b, c] { list.checkedAdd(StateObserver(part: part, value: 0, finder: nil)) }
    list.checkedRemove(a)  // c moves into a's place
    #expect(list.count == 2)
    #expect(a.listPosition == -1)
    list.checkedRemove(a)  // no longer live: nothing to remove
    #expect(list.count == 2)
    #expect(
      takeChanged(list, in: Pair(a: 1, b: 0, c: 1)).map(ObjectIdentifier.init) == [
        ObjectIdentifier(c)
      ])
    list.checkedRemove(b)
    #expect(list.isEmpty)
  }
}

extension StateObserverList {
  /// Checks the list after every change the tests make (in debug builds).
  fileprivate func checkInvariants() {
    #if DEBUG
    _checkInvariants()
    #endif
  }

  fileprivate func checkedAdd(_ observer: StateObserver) {
    add(observer)
    checkInvariants()
  }

  fileprivate func checkedRemove(_ part: ObservedPart) {
    remove(part)
    checkInvariants()
  }
}
