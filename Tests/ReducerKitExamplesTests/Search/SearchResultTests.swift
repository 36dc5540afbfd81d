import Foundation
import ReducerKitExamples
import Testing

@Suite struct SearchResultTests {
  @Test func detailsAreIdentifiedByTheirResult() {
    let io = SearchResult(id: "io", name: "Io", blurb: "Volcanic moon of Jupiter")
    let details = SearchResult.Details(
      result: io, orbits: "Jupiter", diameterInKilometers: 3_643, fact: "Volcanic.")
    #expect(details.id == "io")
    #expect(details.id == io.id)
    #expect(io != SearchResult(id: "io", name: "Io", blurb: "Another blurb"))
  }
}
