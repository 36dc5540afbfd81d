import Foundation
import ReducerKit
import ReducerKitExamples
import Testing

@testable import reducerkit_demo

@MainActor
@Suite("SearchCommands")
struct SearchCommandsTests {
  static let mars = SearchResult(id: "mars", name: "Mars", blurb: "The red planet")
  let found = Fixtures.state { $0.search.results = [SearchCommandsTests.mars] }

  @Test("query sends the text as typed, each change when typed with keys; clear sends blank")
  func query() {
    #expect(
      Fixtures.outcome("query", on: .search, .text("ma")) == .send(.search(.queryChanged("ma"))))
    #expect(Fixtures.command("query", on: .search).sendsEachChange)
    #expect(Fixtures.outcome("clear", on: .search) == .send(.search(.queryChanged(""))))
    #expect(Fixtures.outcome("query", on: .search, .none) == .hint("type a query: query TEXT"))
  }

  @Test("open pushes a result's details; back closes them; each hints when it cannot")
  func openAndBack() {
    #expect(
      Fixtures.outcome("open", on: .search, .row(1), in: found)
        == .send(.search(.resultTapped("mars"))))
    #expect(
      Fixtures.outcome("open", on: .search, .row(1))
        == .hint("there are no results; type query TEXT"))
    let searching = Fixtures.state { $0.search.isSearching = true }
    #expect(
      Fixtures.outcome("open", on: .search, .row(1), in: searching)
        == .hint("still searching; type wait first"))
    #expect(
      Fixtures.outcome("back", on: .search, in: found)
        == .hint("no details are open; type open N first"))
    var pushed = found
    pushed.search.path.append(.detail(SearchResultDetail.State(result: Self.mars)))
    let top = pushed.search.path.ids.last!
    #expect(
      Fixtures.outcome("back", on: .search, in: pushed)
        == .sendAndWait(.search(.path(.element(id: top, action: .detail(.closeTapped))))))
  }
}
