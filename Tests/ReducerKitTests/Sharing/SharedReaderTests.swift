import Foundation
import Testing

@testable import ReducerKit

@Suite struct SharedReaderTests {
  @Test func aReaderOfAKeyIsTheSameReferenceAsTheSharedOne() {
    withFreshSharedStorage {
      @Shared(.inMemory("reader")) var count = 1
      @SharedReader(.inMemory("reader")) var reader = 99
      #expect(reader == 1)
      $count.withLock { $0 = 2 }
      #expect(reader == 2)
      #expect($reader.snapshotRoot === $count.snapshotRoot)
    }
  }

  @Test func aConstantReaderHoldsItsValue() {
    let title = SharedReader(value: "Untitled")
    #expect(title.wrappedValue == "Untitled")
    #expect(title == SharedReader(value: "Untitled"))
    #expect(title.description == "Untitled")
  }

  @Test func aReaderOfAPartReadsThePart() {
    struct Pair: Sendable { var left = 1, right = 2 }
    let pair = Shared(value: Pair())
    let right = SharedReader(pair).right
    pair.withLock { $0.right = 5 }
    #expect(right.wrappedValue == 5)
    #expect(!SharedReader(pair).isLoading && SharedReader(pair).loadError == nil)
  }
}
