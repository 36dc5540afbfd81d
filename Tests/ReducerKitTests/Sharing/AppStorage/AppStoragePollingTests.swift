import Testing

@testable import ReducerKit

@Suite struct AppStoragePollingTests {
  @Test func theFirstCheckStartsThePollAndAnEmptyPollStopsIt() {
    var table = AppStoragePollTable<String>()
    let first = table.add("a")
    #expect(first.startsPolling)
    let second = table.add("b")
    #expect(!second.startsPolling)
    #expect(table.checksOrStop().map(Set.init) == ["a", "b"])
    table.remove(first.token)
    table.remove(second.token)
    #expect(table.isPolling)
    #expect(table.checksOrStop() == nil)
    #expect(!table.isPolling)
    #expect(table.add("c").startsPolling)
  }

  @Test func theIntervalKeepsAChangeWithinTheOneSecondBound() {
    #expect(AppStoragePolling.interval <= .seconds(1))
  }
}
