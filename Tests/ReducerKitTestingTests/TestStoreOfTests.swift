import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// Drives a counter store passed under its `TestStoreOf` name.
@MainActor
private func increment(_ store: TestStoreOf<Counter>) async {
  await store.send(.increment) { $0.count += 1 }
}

@MainActor
@Suite struct TestStoreOfTests {
  @Test func namesTheTestStoreOfAFeature() async {
    let store: TestStoreOf<Counter> = TestStore(initialState: Counter.State()) {
      Counter(clock: TestClock())
    }
    await increment(store)
    #expect(store.state.count == 1)
  }

  @Test func isTheTestStoreOfTheFeaturesStateAndAction() {
    #expect(TestStoreOf<Counter>.self == TestStore<Counter.State, Counter.Action>.self)
  }
}
