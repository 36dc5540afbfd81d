import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct ExhaustivityTests {
  @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    store.exhaustivity = .off
    await store.send(.load)  // isLoading changed, not asserted
    await store.receive(.loaded(42)) { $0.count = 42 }  // isLoading not asserted
    await store.send(.delayedIncrement)  // still running at the end: fine
    #expect(store.state.count == 42)
  }

  @Test func offIsOffWithoutShowingSkippedAssertions() {
    #expect(Exhaustivity.off == .off(showSkippedAssertions: false))
    #expect(Exhaustivity.off != .on)
  }

  @Test func showSkippedAssertionsReportsThemAsKnownIssuesOnly() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await withKnownIssue(isIntermittent: true) {
      await store.send(.load)
      await store.receive(.loaded(42)) { $0.count = 42 }
    }
  }

  @Test func aNonExhaustiveAssertionStillChecksWhatItAsserts() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      store.exhaustivity = .off
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("count: 2") == true)
  }
}
