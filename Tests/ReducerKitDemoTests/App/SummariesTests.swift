import Foundation
import ReducerKit
import ReducerKitExamples
import Testing

@testable import reducerkit_demo

@Suite("Summaries")
struct SummariesTests {
  @Test("each screen's one-line summary")
  func summaries() {
    var state = DemoApp.State()
    state.counter.count = 2
    #expect(state.summary(of: .counter) == "count = 2")
    #expect(state.summary(of: .quote) == "Press load for a quote.")
    state.details.details = CounterDetails.State(count: 0, isFavorite: true)
    #expect(state.summary(of: .details) == "count = 0 | sheet: likes = 0, ★")
    #expect(state.summary(of: .todos) == "no todos")
    state.todos.rows = [
      Fixtures.milk, TodoRow.State(todo: Fixtures.bread.todo, isSortPending: true),
    ]
    state.todos.rows[1].todo.isComplete = true
    state.todos.isLoading = true
    #expect(
      state.summary(of: .todos) == "1. [ ] Milk, 2. [x] Bread (re-sort pending) | loading…")
    state.inventory.items = [Fixtures.keyboard, Fixtures.mouse]
    state.inventory.path.append(.detail(ItemDetail.State(item: Fixtures.mouse, secondsOnScreen: 3)))
    #expect(
      state.summary(of: .inventory)
        == "2 items [1. Keyboard ×1, 2. Mouse ×2] | detail: Mouse, 3s on screen")
    #expect(state.summary(of: .menu) == "the menu")
    #expect(state.summary(of: .search) == "no query")
    let mars = SearchResult(id: "mars", name: "Mars", blurb: "Red")
    state.search.query = "mar"
    state.search.isSearching = true
    #expect(state.summary(of: .search) == "query \"mar\" | searching…")
    state.search.isSearching = false
    #expect(state.summary(of: .search) == "query \"mar\" | no results")
    state.search.results = [mars]
    state.search.path.append(.detail(SearchResultDetail.State(result: mars)))
    #expect(
      state.summary(of: .search) == "query \"mar\" | results: 1. Mars | details: Mars, loading…")
    state.search.path[id: state.search.path.ids[0]] = .detail(
      SearchResultDetail.State(
        result: mars,
        details: SearchResult.Details(
          result: mars, orbits: "the Sun", diameterInKilometers: 6779, fact: "")))
    #expect(state.summary(of: .search).hasSuffix("details: Mars, orbits the Sun, 6779 km across"))
  }

  @Test("row titles number the rows the commands take")
  func rowTitles() {
    var state = DemoApp.State()
    state.todos.rows = [Fixtures.milk]
    state.inventory.items = [Fixtures.mouse]
    #expect(state.rowTitles(of: .todos) == ["Milk"])
    #expect(state.rowTitles(of: .inventory) == ["Mouse"])
    state.search.results = [SearchResult(id: "io", name: "Io", blurb: "")]
    #expect(state.rowTitles(of: .search) == ["Io"])
    #expect(state.rowTitles(of: .counter).isEmpty)
  }
}
