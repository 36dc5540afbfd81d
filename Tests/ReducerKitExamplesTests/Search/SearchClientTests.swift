import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@Suite struct SearchClientTests {
  @Test func matchingIgnoresCaseAndKeepsCatalogueOrder() {
    #expect(SearchClient.matches(for: "AN").map(\.name) == ["Uranus", "Ganymede", "Titan"])
    #expect(SearchClient.matches(for: "an").map(\.name) == ["Uranus", "Ganymede", "Titan"])
    #expect(SearchClient.matches(for: "europa").map(\.id) == ["europa"])
  }

  @Test func matchingIsBySubstringOfTheName() {
    // "moon" is in the blurbs of many moons, but in the name of one entry only.
    #expect(SearchClient.matches(for: "moon").map(\.name) == ["Moon"])
    #expect(SearchClient.matches(for: "ars").map(\.name) == ["Mars"])
    #expect(SearchClient.matches(for: "vulcan").isEmpty)
  }

  @Test func aBlankQueryMatchesNothingAndSurroundingSpacesAreIgnored() {
    #expect(SearchClient.matches(for: "").isEmpty)
    #expect(SearchClient.matches(for: "   ").isEmpty)
    #expect(SearchClient.matches(for: " io ").map(\.name) == ["Io"])
  }

  @Test func matchingSearchesTheCatalogueItIsGiven() {
    let vulcan = SearchResult.Details(
      result: SearchResult(id: "vulcan", name: "Vulcan", blurb: "Imagined planet"),
      orbits: "the Sun", diameterInKilometers: 0, fact: "It does not exist.")
    #expect(SearchClient.matches(for: "vul", in: [vulcan]) == [vulcan.result])
    #expect(SearchClient.matches(for: "mars", in: [vulcan]).isEmpty)
  }

  @Test func theCatalogueHasTwentyEntriesWithUniqueIDs() {
    let ids = SearchClient.catalogue.map(\.id)
    #expect(ids.count == 20)
    #expect(Set(ids).count == ids.count)
    #expect(SearchClient.catalogue.allSatisfy { !$0.result.blurb.isEmpty && !$0.fact.isEmpty })
  }

  @Test func theLiveSearchAnswersAfterADelayOnTheClock() async throws {
    let clock = TestClock()
    let task = Task {
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        try await SearchClient.liveValue.search("sat")
      }
    }
    // The delay is at most 300 ms; nothing ends before the clock moves.
    await clock.advance(by: .milliseconds(300))
    #expect(try await task.value == SearchClient.matches(for: "sat"))
  }

  @Test func theLiveDetailsAreTheCatalogueEntryOrNotFound() async throws {
    let clock = TestClock()
    let found = Task {
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        try await SearchClient.liveValue.details("titan")
      }
    }
    let missing = Task {
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        try await SearchClient.liveValue.details("vulcan")
      }
    }
    await clock.advance(by: .milliseconds(300))
    let titan = try await found.value
    #expect(titan.result.name == "Titan")
    #expect(titan.orbits == "Saturn")
    await #expect(throws: SearchClient.NotFound(id: "vulcan")) { try await missing.value }
    #expect("\(SearchClient.NotFound(id: "vulcan"))" == "no entry with id vulcan")
  }

  @Test func theLiveSearchStopsWhenCancelled() async {
    let clock = TestClock()
    let task = Task {
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        try await SearchClient.liveValue.search("io")
      }
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
  // The test value (unimplemented) is covered by SearchTests, under a TestStore.
}
