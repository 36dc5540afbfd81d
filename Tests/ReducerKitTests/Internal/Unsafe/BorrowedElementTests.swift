import Foundation
import Testing

@testable import ReducerKit

@Suite struct BorrowedElementTests {
  @Test func eachPositionsAddressReadsThatElementInPlace() {
    let elements: ContiguousArray<String> = ["zero", "one", "two"]
    let base = elements.withUnsafeBufferPointer { $0.baseAddress }
    for position in elements.indices {
      let read = withBorrowedElement(at: position, of: elements) { element in
        // Inside the array's own buffer: borrowed, not a copy.
        let isInBuffer = element == StateAddress(base.unsafelyUnwrapped + position)
        return (element[as: String.self], isInBuffer)
      }
      #expect(read?.0 == elements[position])
      #expect(read?.1 == true)
    }
  }

  @Test func aPositionPastTheEndCallsNothing() {
    let elements: ContiguousArray<Int> = [1, 2]
    var called = false
    let read: Bool? = withBorrowedElement(at: 2, of: elements) { _ in
      called = true
      return true
    }
    #expect(read == nil)
    #expect(!called)
    let empty: ContiguousArray<Int> = []
    #expect(withBorrowedElement(at: 0, of: empty) { _ in true } == nil)
  }
}
