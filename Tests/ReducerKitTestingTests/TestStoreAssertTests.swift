import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestStoreAssertTests {
  @Test func nonExhaustiveAssertChecksTheCurrentStateIncludingReceivedActions() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    store.exhaustivity = .off
    await store.send(.load)
    // `.loaded(42)` was received (not asserted): the current state has it.
    store.assert { $0.count = 42 }
    #expect(store.state.count == 42)
  }

  @Test func nonExhaustiveAssertFailsOnAWrongField() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      store.exhaustivity = .off
      await store.send(.load)
      store.assert { $0.count = 7 }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("does not match the expectation") == true)
    #expect(issues.first?.contains("count: 7") == true)
  }

  @Test func exhaustiveAssertFailsWithADiff() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      store.assert { $0.count = 3 }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("does not match the expectation") == true)
    #expect(issues.first?.contains("(checked by assert)") == true)
    #expect(issues.first?.contains("−") == true)
  }

  @Test func exhaustiveAssertThatChangesNothingWhenNothingChangedFails() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      store.assert { $0.count = 0 }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("Expected the state to change") == true)
  }

  @Test func exhaustiveAssertWithUnassertedReceivedActionsFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    let issues = await recordedIssues {
      await store.send(.load) { $0.isLoading = true }
      store.assert {
        $0.isLoading = false
        $0.count = 42
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("Must handle 1 received action before asserting") == true)
    // The received action was discarded; the assertion itself matched the current state.
    #expect(store.state == Counter.State(count: 42, isLoading: false))
  }

  @Test func aThrowingClosureIsAFailure() async {
    struct Stop: Error {}
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      store.assert { _ in throw Stop() }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("threw") == true)
  }

  @Test func modifyOnAnotherCaseInsideAnAssertionFailsTheTest() async {
    enum Destination: Equatable {
      case edit(String)
      case alert
    }
    let store = TestStore(initialState: Destination.alert) {
      Reduce<Destination, Int> { state, _ in
        state = .edit("Blob")
        return .none
      }
    }
    let issues = await recordedIssues {
      await store.send(1) {
        // The state as of the last assertion is `.alert`: modifying `.edit` warns.
        CasePath(Destination.edit).modify(&$0) { $0 = "Blob" }
      }
    }
    #expect(issues.contains { $0.contains("not in the case path's case") })
  }
}
