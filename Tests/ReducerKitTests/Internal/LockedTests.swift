import Foundation
import Testing

@testable import ReducerKit

@Suite struct LockedTests {
  @Test func concurrentIncrementsAreNotLost() async {
    let counter = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.withLock { $0 } == 8_000)
  }
}
