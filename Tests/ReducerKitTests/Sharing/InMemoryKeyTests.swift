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

  @Test func aStorageAndTheRootsItKeepsAreFreedWhenNothingElseHoldsThem() {
    weak var freedStorage: InMemoryStorage?
    weak var freedRoot: AnyObject?
    do {
      let storage = InMemoryStorage()
      freedStorage = storage
      freedRoot = withDependencies {
        $0.defaultInMemoryStorage = storage
      } operation: {
        let count = Shared(wrappedValue: 0, .inMemory("freed"))
        count.withLock { $0 = 1 }
        return count.snapshotRoot
      }
      #expect(freedRoot != nil)  // kept by the storage
    }
    #expect(freedStorage == nil)
    #expect(freedRoot == nil)
  }

  @Test func aReferenceOutlivingItsStorageKeepsItsValueAndSharesItWithNoLaterStorage() {
    let count = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      Shared(wrappedValue: 0, .inMemory("outlived"))
    }
    count.withLock { $0 = 7 }
    #expect(count.wrappedValue == 7)
    // Storages made later, wherever they are allocated, never find the old root.
    for _ in 0..<100 {
      withDependencies {
        $0.defaultInMemoryStorage = InMemoryStorage()
      } operation: {
        @Shared(.inMemory("outlived")) var later = 0
        #expect(later == 0)
      }
    }
  }

  @Test func keysOfStoragesMadeOneAfterAnotherNeverHaveTheSameID() {
    var ids: Set<InMemoryKey<Int>.ID> = []
    for _ in 0..<100 {
      let key = withDependencies {
        $0.defaultInMemoryStorage = InMemoryStorage()
      } operation: {
        InMemoryKey<Int>("same")
      }
      ids.insert(key.id)
    }
    #expect(ids.count == 100)
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
