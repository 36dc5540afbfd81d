import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestStoreExhaustivityTests {
  @Test func asyncBodyRunsNonExhaustivelyAndExhaustivityIsRestored() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    await store.withExhaustivity(.off) {
      #expect(store.exhaustivity == .off)
      await store.send(.load)  // isLoading not asserted
      await store.receive(.loaded(42)) { $0.count = 42 }  // isLoading not asserted
    }
    #expect(store.exhaustivity == .on)
    // Exhaustive again, from the actual state.
    await store.send(.increment) { $0.count = 43 }
  }

  @Test func afterTheBodyUnassertedChangesFailAgain() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.withExhaustivity(.off) {
        await store.send(.increment)
      }
      await store.send(.increment)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("State was not expected to change") == true)
  }

  @Test func syncBodyRunsWithTheExhaustivity() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    await store.send(.load) { $0.isLoading = true }
    var inside: Exhaustivity?
    store.withExhaustivity(.off(showSkippedAssertions: false)) {
      inside = store.exhaustivity
      // Non-exhaustive: only `count` is checked, against the state with `.loaded(42)` applied.
      store.assert { $0.count = 42 }
    }
    #expect(inside == .off)
    #expect(store.exhaustivity == .on)
    await store.receive(.loaded(42))
  }

  @Test func exhaustiveInsideANonExhaustiveStore() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    store.exhaustivity = .off
    let issues = await recordedIssues {
      await store.withExhaustivity(.on) {
        await store.send(.increment)  // unasserted: a failure here
      }
    }
    #expect(issues.count == 1)
    #expect(store.exhaustivity == .off)
  }

  @Test func restoresWhenTheBodyThrows() async {
    struct Stop: Error {}
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    #expect(throws: Stop.self) {
      try store.withExhaustivity(.off) { throw Stop() }
    }
    await #expect(throws: Stop.self) {
      try await store.withExhaustivity(.off) {
        await store.send(.increment)
        throw Stop()
      }
    }
    #expect(store.exhaustivity == .on)
  }
}
