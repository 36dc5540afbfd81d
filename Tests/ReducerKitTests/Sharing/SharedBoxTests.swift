import Foundation
import Testing

@testable import ReducerKit

@Suite struct SharedBoxTests {
  @Test func anAssertingViewWritesToItsTableNotToTheValue() {
    let box = SharedBox(value: 1)
    let table = SharedSnapshotTable()
    SharedView.with(.asserting(table)) {
      box.update(in: SharedView.inForce) { $0 = 5 }
      #expect(box.read(in: SharedView.inForce) == 5)
    }
    #expect(box.read(in: nil) == 1)
    #expect(table.roots[ObjectIdentifier(box)] as? Int == 5)
  }

  @Test func aShowingViewReadsItsSnapshotAndLiveOtherwise() {
    let box = SharedBox(value: 1)
    let other = SharedBox(value: 2)
    let table = SharedSnapshotTable()
    table[root: box] = 10
    #expect(box.read(in: .showing(table)) == 10)
    #expect(other.read(in: .showing(table)) == 2)
  }

  @Test func appliedResultsSetTheValueOrTheDefaultOrTheError() {
    let box = SharedBox(value: 1)
    box.apply(.success(3), resetOnNil: false)
    #expect(box.read(in: nil) == 3)
    box.apply(.success(nil), resetOnNil: false)
    #expect(box.read(in: nil) == 3)
    box.apply(.success(nil), resetOnNil: true)
    #expect(box.read(in: nil) == 1)
    box.apply(.failure(SharingTestError()), resetOnNil: true)
    #expect(box.read(in: nil) == 1)
    #expect(box.loadError is SharingTestError)
    box.apply(.success(4), resetOnNil: false)
    #expect(box.loadError == nil)
  }
}
