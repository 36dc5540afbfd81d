import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A counter kept in shared memory, with a child screen that reads the same value.
private struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var detail = Detail.State()
    var label = ""
  }
  enum Action: Equatable {
    case increment
    case incrementLater
    case incremented
    case rename(String)
    case detail(Detail.Action)
  }
  struct Detail: Reducer {
    struct State: Equatable {
      @Shared(.inMemory("count")) var count = 0
    }
    enum Action { case reset }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.$count.withLock { $0 = 0 }
      return .none
    }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.detail, action: Action.detail) { Detail() }
    Reduce { state, action in
      switch action {
      case .increment:
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementLater:
        return .run { [count = state.$count] send in
          count.withLock { $0 += 10 }
          await send(.incremented)
        }
      case .incremented:
        return .none
      case .rename(let label):
        state.label = label
        return .none
      case .detail:
        return .none
      }
    }
  }
}

@MainActor
@Suite struct TestStoreSharedTests {
  @Test func aChangeAssertedInTheSendThatMadeItPasses() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
    // The child reads the same value: one reference per key in the store's storage.
    #expect(store.state.detail.count == 2)
    await store.send(.detail(.reset)) { $0.$count.withLock { $0 = 0 } }
  }

  @Test func anUnassertedChangeFailsWithADiffNamingTheField() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.increment)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("State was not expected to change") == true)
    #expect(issues.first?.contains("−   count: 0") == true)
    #expect(issues.first?.contains("+   count: 1") == true)
  }

  @Test func aWrongAssertionFailsAndNeverWritesThroughToTheRealValue() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    let issues = await recordedIssues {
      await store.send(.increment) { $0.$count.withLock { $0 = 5 } }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("−   count: 5") == true)
    #expect(issues.first?.contains("+   count: 1") == true)
    // The assertion's `withLock` changed the expected snapshot only.
    #expect(store.state.count == 1)
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
  }

  @Test func aChangeAnEffectMadeIsAssertedWithAssert() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementLater)
    await store.receive(.incremented) { $0.$count.withLock { $0 = 10 } }
    await store.send(.rename("ten")) { $0.label = "ten" }
  }

  @Test func anEffectsChangeNotAssertedFailsAtTheNextSend() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.incrementLater)
      await store.receive(.incremented)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("+   count: 10") == true)
  }

  @Test func storeAssertChecksAChangeMadeOutsideAnyReduce() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.state.$count.withLock { $0 = 3 }
    store.assert { $0.$count.withLock { $0 = 3 } }
    await store.send(.increment) { $0.$count.withLock { $0 = 4 } }
  }

  @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.rename("one")) { $0.$count.withLock { $0 = 1 } }
  }

  @Test func eachTestStoreHasItsOwnInMemoryStorage() async {
    let first = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    let second = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await first.send(.increment) { $0.$count.withLock { $0 = 1 } }
    // The second store's "count" is another value: nothing to assert.
    await second.send(.rename("untouched")) { $0.label = "untouched" }
    #expect(second.state.count == 0)
  }

  @Test func aChangeLeftUnassertedFailsFinish() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      store.state.$count.withLock { $0 = 4 }
      await store.finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("outside any action") == true)
    #expect(issues.first?.contains("+   count: 4") == true)
  }
}
