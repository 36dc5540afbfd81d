import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestStoreReceiveTests {
  @Test func receiveAssertsActionsFromEffects() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @Test func receiveByCaseConstructor() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(Counter.Action.loaded) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @Test func receiveByPredicate() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    await store.send(.load) { $0.isLoading = true }
    await store.receive({ $0 == .loaded(42) }) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @Test func nonExhaustiveReceiveSkipsActionsBeforeTheMatch() async {
    enum Action: Equatable { case start, a, b }
    let store = TestStore(initialState: [Action]()) {
      Reduce<[Action], Action> { state, action in
        state.append(action)
        return action == .start ? .merge(.send(.a), .send(.b)) : .none
      }
    }
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.start)
    await store.receive(.b) { $0 = [.start, .a, .b] }
  }

  @Test func aDifferentActionIsAFailureThatShowsTheDiff() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.load) { $0.isLoading = true }
      await store.receive(.loaded(7)) {
        $0.isLoading = false
        $0.count = 42
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("Received unexpected action") == true)
    #expect(issues.first?.contains("−   7") == true || issues.first?.contains("− ") == true)
    #expect(issues.first?.contains("+") == true)
  }

  @Test func noActionBeforeTheTimeoutIsAFailure() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.receive(.increment, timeout: .milliseconds(10))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("received none") == true)
    #expect(issues.first?.contains("No effect is running") == true)
  }

  @Test func aStateMismatchOnReceiveShowsTheDiff() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.load) { $0.isLoading = true }
      await store.receive(.loaded(42)) {
        $0.isLoading = false
        $0.count = 41
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("receive(") == true)
    #expect(issues.first?.contains("−   count: 41,") == true)
    #expect(issues.first?.contains("+   count: 42,") == true)
  }
}
