import Foundation
import Testing

@testable import ReducerKit

@Suite struct ValueSnapshotTests {
  final class Box {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  struct Wide: Equatable {
    var a = 1
    var b = 2
    var c = 3
  }

  @Test func aSmallPlainValueIsInlineAndReadsBack() {
    let snapshot = ValueSnapshot((Int32(7), true))
    #expect(!snapshot.isAllocated)
    let read = snapshot.withAddress { $0[as: (Int32, Bool).self] }
    #expect(read == (7, true))
    let word = ValueSnapshot(42)
    #expect(!word.isAllocated)
    #expect(word.withAddress { $0[as: Int.self] } == 42)
    snapshot.destroy(as: (Int32, Bool).self)  // nothing to destroy
  }

  @Test func aWideValueIsAllocatedAndReadsBack() {
    let snapshot = ValueSnapshot(Wide(a: 4, b: 5, c: 6))
    #expect(snapshot.isAllocated)
    #expect(snapshot.withAddress { $0[as: Wide.self] } == Wide(a: 4, b: 5, c: 6))
    snapshot.destroy(as: Wide.self)
  }

  @Test func aValueWithReferencesIsAllocatedAndDestroyingItReleasesThem() {
    weak var released: Box?
    do {
      let box = Box(3)
      released = box
      let snapshot = ValueSnapshot(box)
      #expect(snapshot.isAllocated)
      #expect(snapshot.withAddress { $0[as: Box.self] } === box)
      snapshot.destroy(as: Box.self)
    }
    #expect(released == nil)
  }

  @Test func theAddressHoldsTheValuesBytes() {
    let value = (UInt64(0x0102_0304_0506_0708), UInt32(9))
    let snapshot = ValueSnapshot(value)
    let bytes = snapshot.withAddress { address in
      withUnsafeBytes(of: address[as: (UInt64, UInt32).self]) { Array($0.prefix(12)) }
    }
    #expect(bytes == withUnsafeBytes(of: value) { Array($0.prefix(12)) })
    let equal = StateAddress.with(value) { original in
      snapshot.withAddress { bytesAreEqual($0, original, count: 12) }
    }
    #expect(equal)
  }
}
