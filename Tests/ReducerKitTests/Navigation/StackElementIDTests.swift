import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StackElementIDTests {
  /// A stack of numbers, changed by actions the way reducers and `forEach` change a path.
  struct Numbers: Reducer {
    struct State: Equatable {
      var path = StackState<Int>()
    }
    enum Action: Equatable {
      case append(Int)
      case removeLast
      case push(id: StackElementID, Int)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .append(let value):
        state.path.append(value)
      case .removeLast:
        state.path.removeLast()
      case .push(let id, let value):
        state.path.push(value, id: id)
      }
      return .none
    }
  }

  @Test func literalsCompareAndPrintAsGenerations() {
    let zero: StackElementID = 0
    let two: StackElementID = 2
    #expect(zero == StackElementID(generation: 0))
    #expect(zero < two)
    #expect([two, zero].sorted() == [0, 2])
    #expect(two.description == "#2")
    #expect(two.debugDescription == "#2")
    #expect(debugDump(two) == "#2")
    #expect(Set<StackElementID>([0, 0, 1]).count == 2)
  }

  @Test func generatorCountsNextAndRecordedIDs() {
    let generator = StackElementIDGenerator()
    #expect(generator.next() == 0)
    #expect(generator.next() == 1)
    #expect(generator.peek() == 2)
    generator.record(5)
    #expect(generator.next() == 6)
    generator.record(3)  // an id below the counter changes nothing
    #expect(generator.next() == 7)
    #expect(StackElementIDGenerator(startingAt: 4).next() == 4)
  }

  @Test func testStoreIDsCountEveryAppendAndPushAndNeverReuseOne() async {
    let store = TestStore(initialState: Numbers.State()) { Numbers() }
    await store.send(.append(10)) { $0.path[id: 0] = 10 }
    await store.send(.append(11)) { $0.path[id: 1] = 11 }
    await store.send(.removeLast) { $0.path[id: 1] = nil }
    // Popped ids are never given again: the push counts 2, so the next append is 3.
    await store.send(.push(id: 2, 12)) { $0.path[id: 2] = 12 }
    await store.send(.append(13)) { $0.path[id: 3] = 13 }
    #expect(store.state.path.ids == [0, 2, 3])
    await store.send(.removeLast) { $0.path.removeLast() }
    await store.send(.append(14)) { $0.path[id: 4] = 14 }
  }

  @Test func aPushAboveTheCounterMovesTheCounterPastIt() async {
    let store = TestStore(initialState: Numbers.State()) { Numbers() }
    await store.send(.push(id: 7, 1)) { $0.path[id: 7] = 1 }
    await store.send(.append(2)) { $0.path[id: 8] = 2 }
  }

  @Test func eachTestStoreCountsFromZero() async {
    for _ in 0..<2 {
      let store = TestStore(initialState: Numbers.State()) { Numbers() }
      await store.send(.append(1)) { $0.path[id: 0] = 1 }
    }
  }

  @Test func initialStateOfATestStoreIsNumberedByThatStore() async {
    let store = TestStore(initialState: Numbers.State(path: [1, 2])) { Numbers() }
    #expect(store.state.path.ids == [0, 1])
    await store.send(.append(3)) { $0.path[id: 2] = 3 }
  }

  @Test func appendsInAssertionClosuresGetTheIDsTheReducerGave() async {
    let store = TestStore(initialState: Numbers.State()) { Numbers() }
    await store.send(.append(1)) { $0.path.append(1) }
    await store.send(.append(2)) { $0.path.append(2) }
    #expect(store.state.path.ids == [0, 1])
    // The closures used a copy of the counter: the store's own goes on from 2.
    await store.send(.append(3)) { $0.path[id: 2] = 3 }
  }

  @Test func appendsInAssertionClosuresOfReceivedActionsMatchToo() async {
    struct Feature: Reducer {
      struct State: Equatable { var path = StackState<Int>() }
      enum Action: Equatable { case start, add(Int) }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          state.path.append(0)
          return .send(.add(1))
        case .add(let value):
          state.path.append(value)
          return .none
        }
      }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.start) { $0.path.append(0) }
    await store.receive(.add(1)) { $0.path.append(1) }
    #expect(store.state.path.ids == [0, 1])
  }

  @Test func aMismatchedIDIsAFailureWithTheIDsInTheDiff() async {
    let store = TestStore(initialState: Numbers.State()) { Numbers() }
    await withKnownIssue {
      await store.send(.append(1)) { $0.path[id: 1] = 1 }
    } matching: { issue in
      let text = issue.description
      return text.contains("#0") && text.contains("#1")
    }
  }

  @Test func aPlainStoreGivesIDsUniqueAcrossStores() {
    let first = Store(initialState: Numbers.State()) { Numbers() }
    let second = Store(initialState: Numbers.State()) { Numbers() }
    first.send(.append(1))
    first.send(.append(2))
    second.send(.append(3))
    let ids = first.state.path.ids + second.state.path.ids
    #expect(Set(ids).count == 3)
  }

  @Test func outsideAnyStoreIDsAreUniqueInTheProcess() {
    var a = StackState<Int>()
    var b = StackState<Int>()
    a.append(1)
    b.append(1)
    a.append(2)
    #expect(Set(a.ids + b.ids).count == 3)
    #expect(a.ids[0] < a.ids[1])
  }

  @Test func aTestContextWithoutATestStoreCountsFromZero() {
    var values = DependencyValues()
    values.context = .test
    let path = DependencyValues.withValues(values) { StackState([1, 2, 3]) }
    #expect(path.ids == [0, 1, 2])
    let more = DependencyValues.withValues(values) { StackState([4]) }
    #expect(more.ids == [3])
  }
}
