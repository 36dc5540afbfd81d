import Foundation
import Testing

@testable import ReducerKit

@Suite struct SharedTests {
  struct Stats: Equatable, Sendable {
    var added = 0
    var title = ""
  }

  @Test func referencesWithTheSameKeyShareOneValueAndTheFirstDefaultWins() {
    withFreshSharedStorage {
      @Shared(.inMemory("count")) var first = 1
      @Shared(.inMemory("count")) var second = 2
      #expect(first == 1 && second == 1)
      $second.withLock { $0 = 5 }
      #expect(first == 5)
    }
  }

  @Test func keysOfOtherNamesOrTypesAreOtherValues() {
    withFreshSharedStorage {
      @Shared(.inMemory("a")) var a = 1
      @Shared(.inMemory("b")) var b = 2
      @Shared(.inMemory("a")) var text = "text"
      $a.withLock { $0 += 10 }
      #expect(a == 11 && b == 2 && text == "text")
    }
  }

  @Test func withLockReturnsItsResultAndRethrowsItsError() {
    let count = Shared(value: 1)
    let doubled = count.withLock { value -> Int in
      value += 1
      return value * 2
    }
    #expect(doubled == 4)
    #expect(throws: SharingTestError.self) {
      try count.withLock { _ throws(SharingTestError) in throw SharingTestError() }
    }
    #expect(count.wrappedValue == 2)
  }

  @Test func tenTasksIncrementingTenThousandTimesEndAtExactlyOneHundredThousand() async {
    let count = Shared(value: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<10 {
        group.addTask {
          for _ in 0..<10_000 { count.withLock { $0 += 1 } }
        }
      }
    }
    #expect(count.wrappedValue == 100_000)
  }

  @Test func copiesOfAStateShareTheReference() {
    struct State: Equatable { var count = Shared(value: 0) }
    let state = State()
    let copy = state
    copy.count.withLock { $0 = 3 }
    #expect(state.count.wrappedValue == 3)
    #expect(state == copy)
  }

  @Test func equalityComparesCurrentValues() {
    let one = Shared(value: 1)
    let other = Shared(value: 1)
    #expect(one == other)
    other.withLock { $0 = 2 }
    #expect(one != other)
  }

  @Test func aMemberReferenceWritesThrough() {
    let stats = Shared(value: Stats())
    let added = stats.added
    added.withLock { $0 += 2 }
    #expect(stats.wrappedValue.added == 2)
    stats.withLock { $0.added = 7 }
    #expect(added.wrappedValue == 7)
  }

  @Test func anUnwrappedOptionalIsThereWhileTheValueIs() {
    let optional = Shared<Int?>(value: nil)
    #expect(Shared(optional) == nil)
    optional.withLock { $0 = 1 }
    let unwrapped = Shared(optional)
    #expect(unwrapped?.wrappedValue == 1)
    unwrapped?.withLock { $0 = 2 }
    #expect(optional.wrappedValue == 2)
    optional.withLock { $0 = nil }
    #expect(unwrapped?.wrappedValue == 2)
    let warnings = sharingWarnings(containing: "after it was gone") {
      unwrapped?.withLock { $0 = 3 }
    }
    #expect(warnings.count == 1)
    #expect(optional.wrappedValue == nil)
  }

  @Test func anElementByIDWritesThroughWhileItIsThere() {
    struct Todo: Identifiable, Equatable, Sendable {
      let id: Int
      var title: String
    }
    let todos = Shared(value: IdentifiedArrayOf<Todo>(uniqueElements: [Todo(id: 1, title: "a")]))
    #expect(todos[id: 2] == nil)
    let todo = todos[id: 1]
    todo?.withLock { $0.title = "b" }
    #expect(todos.wrappedValue[id: 1]?.title == "b")
    todos.withLock { _ = $0.remove(id: 1) }
    #expect(todo?.wrappedValue.title == "b")
  }

  @Test func aReaderFollowsTheValue() {
    let count = Shared(value: 1)
    let reader = count.reader
    count.withLock { $0 = 4 }
    #expect(reader.wrappedValue == 4)
    #expect(SharedReader(count).wrappedValue == 4)
  }

  @Test func theProjectedValueIsTheSameReference() {
    @Shared(value: 1) var count: Int
    let projected = $count
    projected.withLock { $0 = 9 }
    #expect(count == 9)
    let rewrapped = Shared(projectedValue: projected)
    #expect(rewrapped.wrappedValue == 9)
  }

  @Test func dumpsAndDescriptionsShowTheValue() {
    let stats = Shared(value: Stats(added: 3, title: "t"))
    #expect(stats.description == String(describing: Stats(added: 3, title: "t")))
    var dumped = ""
    dump(stats, to: &dumped)
    #expect(dumped.contains("added: 3"))
  }

  @Test func theStateOfAKeyedValueIsReadable() async throws {
    try await withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("state")) var count = 0
      #expect(!$count.isLoading)
      #expect($count.loadError == nil && $count.saveError == nil)
      try await $count.save()
      try await $count.load()
      #expect(count == 0)
    }
  }
}
