import ReducerKitExamples
import Testing

@Suite struct StatsTests {
  @Test func changesKeepTheHighestTheLowestAndHowMany() {
    var stats = Stats()
    stats.increment()
    stats.increment()
    stats.decrement()
    stats.decrement()
    stats.decrement()
    #expect(stats.count == -1)
    #expect(stats.maxCount == 2)
    #expect(stats.minCount == -1)
    #expect(stats.numberOfCounts == 5)
    stats.reset()
    #expect(stats == Stats())
  }
}
