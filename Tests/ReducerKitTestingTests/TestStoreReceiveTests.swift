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

  @Test func receiveByCasePath() async {
    let store = TestStore(initialState: Fetcher.State()) { Fetcher() }
    await store.send(.fetch(42))
    await store.receive(CasePath(Fetcher.Action.response).appending(Result.success)) {
      $0.value = 42
    }
  }

  @Test func receiveByACasePathForTheFailureCase() async {
    let store = TestStore(initialState: Fetcher.State()) { Fetcher() }
    await store.send(.fetch(-1))
    await store.receive(CasePath(Fetcher.Action.response).appending(Result.failure)) {
      $0.failed = true
    }
  }

  @Test func receivingAnotherCaseThanTheCasePathFailsAndNamesIt() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Fetcher.State()) { Fetcher() }
      await store.send(.fetch(-1))
      await store.receive(CasePath(Fetcher.Action.response).appending(Result.success)) {
        $0.failed = true
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("Received unexpected action") == true)
    #expect(
      issues.first?.contains("Expected: an action matching the case path CasePath<") == true)
    #expect(issues.first?.contains(", Int>") == true)
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

/// A feature whose response carries a `Result` with an existential error, as TCA features do.
private struct Fetcher: Reducer {
  struct State: Equatable {
    var value = 0
    var failed = false
  }

  enum Action {
    case fetch(Int)
    case response(Result<Int, any Error>)
  }

  struct Negative: Error {}

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch(let number):
      return .run { send in
        await send(.response(Result { if number < 0 { throw Negative() } else { number } }))
      }
    case .response(.success(let value)):
      state.value = value
      return .none
    case .response(.failure):
      state.failed = true
      return .none
    }
  }
}
