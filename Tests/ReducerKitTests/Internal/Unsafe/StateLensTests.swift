import Foundation
import Testing

@testable import ReducerKit

/// The invariants `StateLens` relies on: a stored property is reached at its offset and is the
/// key path's value; a computed one goes through the key path; a placeholder stands in the
/// parent only while the child is mutated.
@Suite struct StateLensTests {
  struct Parent {
    var first = 1
    var child = [10, 20]
    var computed: [Int] {
      get { child }
      set {
        child = newValue
        writes += 1
      }
    }
    var writes = 0
  }

  @Test func aStoredPropertyIsReachedAtItsOffsetAndIsTheKeyPathsValue() {
    let lens = StateLens(\Parent.child)
    #expect(lens.isStored)
    #expect(lens.offset == MemoryLayout<Parent>.offset(of: \Parent.child))
    var parent = Parent()
    lens.modify(&parent, stored: true) { $0.append(30) }
    #expect(parent.child == [10, 20, 30])
    #expect(lens.read(parent) == parent[keyPath: \Parent.child])
    lens.modify(&parent) { $0.removeFirst() }
    #expect(parent.child == [20, 30])
    #expect(parent.first == 1)
  }

  @Test func aComputedPropertyGoesThroughTheKeyPath() {
    let lens = StateLens(\Parent.computed)
    #expect(!lens.isStored)
    var parent = Parent()
    lens.modify(&parent) { $0.append(30) }
    #expect(parent.child == [10, 20, 30])
    #expect(parent.writes == 1)
  }

  @Test func thePlaceholderIsInTheParentWhileTheChildRunsAndGoneAfterwards() {
    let lens = StateLens(\Parent.computed)
    var parent = Parent()
    var seenInParent: [Int]?
    lens.modify(&parent, placeholder: []) { child in
      child.append(30)
      seenInParent = []
    }
    #expect(seenInParent == [])
    #expect(parent.child == [10, 20, 30])
    // Taken out and put back: two writes through the setter.
    #expect(parent.writes == 2)
  }
}
