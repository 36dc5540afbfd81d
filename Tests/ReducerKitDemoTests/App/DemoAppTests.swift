import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@testable import reducerkit_demo

@MainActor
@Suite("DemoApp")
struct DemoAppTests {
  @Test("selecting a screen keeps every example's state")
  func screens() async {
    let store = TestStore(initialState: Fixtures.state { $0.counter.count = 3 }) { DemoApp() }
    await store.send(.screenSelected(.todos)) { $0.screen = .todos }
    await store.send(.screenSelected(.counter)) { $0.screen = .counter }
  }

  @Test("the Todos list is saved after each of its actions, and loaded from what was saved")
  func savedTodos() async {
    let milk = Todo(id: UUID(100), title: "Milk")
    let store = TestStore(initialState: DemoApp.State(savedTodos: Shared(value: [milk]))) {
      DemoApp()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    #expect(store.state.todos.rows.map(\.todo) == [milk])
    let bread = Todo(id: UUID(0), title: "Bread")
    await store.send(.todos(.addTodo(title: "Bread"))) {
      $0.todos.rows.insert(TodoRow.State(todo: bread), at: 1)
      $0.$savedTodos.withLock { $0 = [milk, bread] }
    }
    // An action that changes no todo saves nothing.
    await store.send(.todos(.deleteTapped(UUID(9))))
  }

  @Test("the stats and profile screens share one value: a change on one is on the other")
  func sharedStats() async {
    let store = TestStore(initialState: DemoApp.State()) { DemoApp() }
    await store.send(.stats(.incrementTapped)) { $0.stats.$stats.withLock { $0.increment() } }
    #expect(store.state.profile.stats.count == 1)
    await store.send(.profile(.resetStatsTapped)) { $0.profile.$stats.withLock { $0.reset() } }
    #expect(store.state.stats.stats == Stats())
  }

  @Test("closing the screens pops the inventory's stack, which stops the detail's timer")
  func closeScreens() async {
    let clock = TestClock()
    let store = TestStore(initialState: Fixtures.state { $0.inventory.items = [Fixtures.keyboard] })
    {
      DemoApp()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.inventory(.itemTapped(Fixtures.keyboard.id)))
    await store.receive(.inventory(.path(.element(id: 0, action: .detail(.onAppear)))))
    await clock.advance(by: .seconds(1))
    await store.receive(.inventory(.path(.element(id: 0, action: .detail(.timerTicked)))))
    await store.send(.closeScreens)
    await store.receive(.inventory(.path(.popFrom(id: 0)))) { $0.inventory.path = StackState() }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("closing the screens pops the search's details too, which cancels their load")
  func closeSearchDetails() async {
    let mars = SearchResult(id: "mars", name: "Mars", blurb: "Red")
    var state = DemoApp.State()
    state.search.path.append(.detail(SearchResultDetail.State(result: mars, isLoading: true)))
    state.inventory.path.append(.detail(ItemDetail.State(item: Fixtures.keyboard)))
    let (searchID, inventoryID) = (state.search.path.ids[0], state.inventory.path.ids[0])
    let store = TestStore(initialState: state) { DemoApp() }
    await store.send(.closeScreens)
    await store.receive(.search(.path(.popFrom(id: searchID)))) { $0.search.path = StackState() }
    await store.receive(.inventory(.path(.popFrom(id: inventoryID)))) {
      $0.inventory.path = StackState()
    }
  }

  @Test("closing the screens with none pushed does nothing")
  func closeNothing() async {
    let store = TestStore(initialState: DemoApp.State()) { DemoApp() }
    await store.send(.closeScreens)
  }

  @Test("each action belongs to its example's screen")
  func actionScreens() {
    #expect(DemoApp.Action.counter(.incrementTapped).screen == .counter)
    #expect(DemoApp.Action.quote(.loadTapped).screen == .quote)
    #expect(DemoApp.Action.details(.incrementTapped).screen == .details)
    #expect(DemoApp.Action.todos(.reloadTapped).screen == .todos)
    #expect(DemoApp.Action.search(.queryChanged("")).screen == .search)
    #expect(DemoApp.Action.inventory(.addTapped).screen == .inventory)
    // Opening a screen prints that screen's state; the demo's own action, the menu's.
    #expect(DemoApp.Action.screenSelected(.todos).screen == .todos)
    #expect(DemoApp.Action.closeScreens.screen == .menu)
  }
}
