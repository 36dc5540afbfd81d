import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestStoreTests {

  @Test func dependenciesCanBeReadAndChanged() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    var dependencies = store.dependencies
    store.dependencies = dependencies
    dependencies = store.dependencies
    _ = dependencies
    await store.send(.noop)
  }
}

@MainActor
@Suite struct TestStoreFailureTests {
  @Test func aWrongExpectationShowsTheDiff() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(issues.count == 1)
    let message = issues.first ?? ""
    #expect(message.contains("send(Counter.Action.increment)"))
    #expect(message.contains("−   count: 2,"))
    #expect(message.contains("+   count: 1,"))
  }

  @Test func anUnassertedStateChangeIsAFailure() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.increment)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("not expected to change") == true)
    #expect(issues.first?.contains("+   count: 1,") == true)
  }

  @Test func goingAwayWithEffectsRunningIsAFailureAtTheSend() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.delayedIncrement)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("still running") == true)
  }

  @Test func goingAwayWithUnassertedActionsIsAFailure() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.load) { $0.isLoading = true }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("never asserted") == true)
  }

  @Test func endingRightAfterTheLastReceiveIsNotAFailure() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @Test func runtimeWarningsAreFailures() async {
    struct Failing: Reducer {
      struct Oops: Error {}
      func reduce(into state: inout Int, action: Int) -> Effect<Int> {
        .run { _ in throw Oops() }
      }
    }
    let issues = await recordedIssues {
      let store = TestStore(initialState: 0) { Failing() }
      await store.send(1)
      await store.finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("Oops") == true)
  }

  @Test func assertionClosuresMayThrow() async {
    struct Stop: Error {}
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.increment) { _ in throw Stop() }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("threw") == true)
  }
}

/// The initial state is evaluated once, under the test context and the store's overrides (issue
/// 11, bug 5).
@MainActor
@Suite struct TestStoreInitialStateTests {
  struct Note: Reducer {
    struct State: Equatable {
      var id: UUID
      var created: Date
      init() {
        @Dependency(\.uuid) var uuid
        @Dependency(\.date) var date
        id = uuid()
        created = date.now
      }
    }
    func reduce(into state: inout State, action: Void) -> Effect<Void> { .none }
  }

  @Test func theInitialStateSeesTheOverrides() {
    let store = TestStore(initialState: Note.State()) {
      Note()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    #expect(store.state.id.uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(store.state.created == Date(timeIntervalSince1970: 1))
  }

  @Test func anUnoverriddenDependencyReadByTheInitialStateFailsTheTest() async {
    let issues = await recordedIssues {
      _ = TestStore(initialState: Note.State()) {
        Note()
      } withDependencies: {
        $0.date = .constant(Date(timeIntervalSince1970: 1))
      }
    }
    #expect(issues.contains { $0.contains("uuid") || $0.contains("UUID") })
  }
}

@MainActor
@Suite struct TestStoreStackIDTests {
  struct Feature: Reducer {
    enum Action: Equatable { case push(String), pushTwice(String) }
    func reduce(into state: inout StackState<String>, action: Action) -> Effect<Action> {
      switch action {
      case .push(let value):
        state.append(value)
        return .none
      case .pushTwice(let value):
        state.append(value)
        return .send(.push(value + "!"))
      }
    }
  }

  @Test func assertionClosuresAppendWithTheIDsTheReducerGave() async {
    let store = TestStore(initialState: StackState<String>()) { Feature() }
    await store.send(.push("a")) { $0.append("a") }
    await store.send(.pushTwice("b")) { $0.append("b") }
    await store.receive(.push("b!")) { $0.append("b!") }
    #expect(store.state.ids == [0, 1, 2])
    // The closures counted on copies: the store's own counter goes on from 3.
    await store.send(.push("c")) { $0[id: 3] = "c" }
  }

  @Test func anAssertionNamingTheWrongIDFails() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: StackState<String>()) { Feature() }
      await store.send(.push("a")) { $0[id: 1] = "a" }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("#0") == true)
  }
}

@MainActor
@Suite struct TestStoreEndTests {
  /// TCA's behaviour: a test that ends right after an `advance` whose effect sent an action
  /// fails with that action unasserted.
  @Test func anActionAnEffectSentAfterAdvanceIsReportedWhenTheStoreGoesAway() async {
    let issues = await recordedIssues {
      let clock = TestClock()
      let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
      await store.send(.delayedIncrement)
      await clock.advance(by: .seconds(1))
      _ = store
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("received 1 unexpected action") == true)
    #expect(issues.first?.contains("increment") == true)
  }

  @Test func anActionReceivedAfterAdvanceAndAssertedIsNotReported() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    await store.send(.delayedIncrement)
    await clock.advance(by: .seconds(1))
    await store.receive(.increment) { $0.count = 1 }
  }

  @Test func anActionReceivedAfterFinishIsReportedWhenTheStoreGoesAway() async {
    let issues = await recordedIssues {
      let clock = TestClock()
      let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
      await store.finish()
      await store.send(.delayedIncrement)
      await clock.advance(by: .seconds(1))
      _ = store
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("received 1 unexpected action") == true)
  }
}
