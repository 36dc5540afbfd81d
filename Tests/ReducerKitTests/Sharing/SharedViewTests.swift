import Foundation
import Testing

@testable import ReducerKit

@Suite struct SharedViewTests {
  struct Inner: Equatable { var flag = Shared(value: true) }
  struct State: Equatable {
    var count = Shared(value: 1)
    var rows: [Inner] = [Inner(), Inner()]
    var optional: Inner? = Inner()
    var nested = Shared(value: Inner())
  }

  @Test func aViewIsInForceOnlyWhileItsBodyRuns() {
    let table = SharedSnapshotTable()
    #expect(SharedView.inForce == nil)
    let isShowing = SharedView.with(.showing(table)) {
      if case .showing(let shown) = SharedView.inForce { return shown === table }
      return false
    }
    #expect(isShowing)
    #expect(SharedView.inForce == nil)
  }

  @Test func aCaptureFindsEverySharedValueInTheState() {
    let state = State()
    let table = SharedSnapshotTable.capture(state)
    // count, two rows, the optional, the nested one and the one inside it.
    #expect(table.roots.count == 6)
    #expect(table.roots[ObjectIdentifier(state.count.snapshotRoot)] as? Int == 1)
  }

  @Test func aCaptureKeepsTheValuesOfItsMoment() {
    let state = State()
    let before = SharedSnapshotTable.capture(state)
    state.count.withLock { $0 = 2 }
    let after = SharedSnapshotTable.capture(state)
    SharedView.with(.comparing(before, after)) {
      #expect(state != state)
    }
    SharedView.with(.comparing(after, after)) {
      #expect(state == state)
    }
    SharedView.with(.showing(before)) {
      #expect(state.count.wrappedValue == 1)
    }
  }

  @Test func aCopiedTableChangesOnItsOwn() {
    let table = SharedSnapshotTable()
    let box = SharedBox(value: 1)
    table[root: box] = 1
    let copy = table.copy()
    copy[root: box] = 2
    #expect(table.roots[ObjectIdentifier(box)] as? Int == 1)
  }

  @Test func aTableKeepsItsRootsAliveSoANewRootNeverTakesAnOldOnesSnapshot() {
    let table = SharedSnapshotTable()
    weak var released: SharedBox<Int>?
    do {
      let box = SharedBox(value: 1)
      released = box
      table[root: box] = 1
    }
    // Released, its identity could be reused by the next root made.
    #expect(released != nil)
    let fresh = SharedBox(value: 2)
    #expect(table[root: fresh] == nil)
  }
}
