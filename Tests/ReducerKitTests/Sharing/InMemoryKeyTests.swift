import Foundation
import Testing

@testable import ReducerKit

@Suite struct InMemoryKeyTests {
  @Test func theValueOutlivesItsReferences() {
    withFreshSharedStorage {
      do {
        @Shared(.inMemory("outlives")) var count = 0
        $count.withLock { $0 = 42 }
      }
      @Shared(.inMemory("outlives")) var again = 0
      #expect(again == 42)
    }
  }

  @Test func theStorageKeepsTheRootSoAChangeIsNotCopiedAndTheRootIsTheSameLater() {
    let storage = InMemoryStorage()
    let root: AnyObject = withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      let count = Shared(wrappedValue: 0, .inMemory("kept"))
      count.withLock { $0 = 5 }
      return count.snapshotRoot
    }
    #expect(storage.roots.withLock { $0.count } == 1)
    // The first value is what a root starts from; a change lives in the root only.
    #expect(storage.values.withLock { $0["kept"] } as? Int == 0)
    withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      let again = Shared(wrappedValue: 0, .inMemory("kept"))
      #expect(again.wrappedValue == 5)
      #expect(again.snapshotRoot === root)
    }
  }

  @Test func aLoadKeepsTheValueTheRootHolds() async throws {
    let count = withFreshSharedStorage { Shared(wrappedValue: 0, .inMemory("loaded")) }
    count.withLock { $0 = 5 }
    // The storage's value is the first one, which the root started from: a load must not
    // put it back.
    try await count.load()
    #expect(count.wrappedValue == 5)
  }

  @Test func twoStoragesNeverSeeEachOthersValues() {
    let first = InMemoryStorage()
    let second = InMemoryStorage()
    withDependencies {
      $0.defaultInMemoryStorage = first
    } operation: {
      @Shared(.inMemory("isolated")) var count = 1
      $count.withLock { $0 = 10 }
    }
    withDependencies {
      $0.defaultInMemoryStorage = second
    } operation: {
      @Shared(.inMemory("isolated")) var count = 1
      #expect(count == 1)
    }
  }

  @Test func aTestContextGetsAFreshStorage() {
    var first = DependencyValues()
    first.context = .test
    var second = DependencyValues()
    second.context = .test
    #expect(first.defaultInMemoryStorage !== second.defaultInMemoryStorage)
    #expect(first.defaultInMemoryStorage === first.defaultInMemoryStorage)
  }

  @Test func describesItselfAsItIsSpelled() {
    #expect(InMemoryKey<Int>("stats").description == #".inMemory("stats")"#)
  }
}
