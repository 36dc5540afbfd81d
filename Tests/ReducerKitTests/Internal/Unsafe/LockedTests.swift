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

@Suite struct LockedSharingTests {
  @Test func copiesShareOneValue() {
    let lock = Locked([1])
    let copy = lock
    copy.withLock { $0.append(2) }
    #expect(lock.withLock { $0 } == [1, 2])
  }

  @Test func theValueIsReleasedWithTheLastCopy() {
    final class Object {}
    weak var released: Object?
    var lock: Locked<Object?>? = Locked(nil)
    lock?.withLock { value in
      let object = Object()
      released = object
      value = object
    }
    var copy = lock
    lock = nil
    #expect(released != nil, "a copy still holds it")
    copy = nil
    #expect(released == nil)
    _ = copy
  }

  @Test func aValueLargerThanTheMutexIsKeptWhole() {
    let values = Array(0..<64)
    let lock = Locked((values, "name", 3.5))
    let read = lock.withLock { $0 }
    #expect(read.0 == values)
    #expect(read.1 == "name")
    #expect(read.2 == 3.5)
  }
}
