import ReducerKitExamples
import ReducerKitTesting
import Testing

@MainActor @Suite struct StatsProfileTests {
  @Test func resetPutsTheSharedStatsBackToZero() async {
    let store = TestStore(initialState: StatsProfile.State()) { StatsProfile() }
    store.state.$stats.withLock { $0.increment() }
    store.assert { $0.$stats.withLock { $0.increment() } }
    await store.send(.resetStatsTapped) { $0.$stats.withLock { $0.reset() } }
  }
}
