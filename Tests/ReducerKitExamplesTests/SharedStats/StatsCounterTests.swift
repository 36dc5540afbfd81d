import ReducerKitExamples
import ReducerKitTesting
import Testing

@MainActor @Suite struct StatsCounterTests {
  @Test func eachTapChangesTheSharedStats() async {
    let store = TestStore(initialState: StatsCounter.State()) { StatsCounter() }
    await store.send(.incrementTapped) { $0.$stats.withLock { $0.increment() } }
    await store.send(.decrementTapped) { $0.$stats.withLock { $0.decrement() } }
    #expect(store.state.stats.numberOfCounts == 2)
  }

  @Test func theCounterAndTheProfileShareOneValue() {
    let (counter, profile) = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      (
        Store(initialState: StatsCounter.State()) { StatsCounter() },
        Store(initialState: StatsProfile.State()) { StatsProfile() }
      )
    }
    counter.send(.incrementTapped)
    counter.send(.incrementTapped)
    #expect(profile.stats.count == 2)
    profile.send(.resetStatsTapped)
    #expect(counter.stats == Stats())
  }
}
