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
    state.todos.rows = [Fixtures.milk, TodoRow.State(todo: Fixtures.bread.todo, isSortPending: true)]
    state.todos.rows[1].todo.isComplete = true
    state.todos.isLoading = true
    #expect(
      state.summary(of: .todos) == "1. [ ] Milk, 2. [x] Bread (re-sort pending) | loading…")
    state.inventory.items = [Fixtures.keyboard, Fixtures.mouse]
    state.inventory.path.append(.detail(ItemDetail.State(item: Fixtures.mouse, secondsOnScreen: 3)))
    #expect(
      state.summary(of: .inventory)
        == "2 items [1. Keyboard ×1, 2. Mouse ×2] | detail: Mouse, 3s on screen")
    #expect(state.summary(of: .menu) == "screen = menu")
  }

  @Test("row titles number the rows the commands take")
  func rowTitles() {
    var state = DemoApp.State()
    state.todos.rows = [Fixtures.milk]
    state.inventory.items = [Fixtures.mouse]
    #expect(state.rowTitles(of: .todos) == ["Milk"])
    #expect(state.rowTitles(of: .inventory) == ["Mouse"])
    #expect(state.rowTitles(of: .counter).isEmpty)
  }
}
