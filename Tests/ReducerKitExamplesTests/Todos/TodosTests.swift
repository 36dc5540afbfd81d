import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

/// An error with a readable description, as a network error would have.
private struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

@MainActor
@Suite struct TodosTests {
  private let milk = Todo(id: UUID(10), title: "Milk")
  private let eggs = Todo(id: UUID(11), title: "Eggs")
  private let jam = Todo(id: UUID(12), title: "Jam", isComplete: true)

  private func row(_ todo: Todo, isSortPending: Bool = false) -> TodoRow.State {
    TodoRow.State(todo: todo, isSortPending: isSortPending)
  }

  private func makeStore(
    _ todos: [Todo], clock: TestClock = TestClock(),
    client: TodosClient = TodosClient(fetch: unimplemented("TodosClient.fetch"))
  ) -> TestStoreOf<Todos> {
    TestStore(
      initialState: Todos.State(rows: IdentifiedArray(uniqueElements: todos.map { row($0) }))
    ) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
      $0.todosClient = client
    }
  }

  // MARK: - Adding, completing, sorting

  @Test func aNewTodoGoesBeforeTheCompletedOnes() async {
    let store = makeStore([milk, jam])
    await store.send(.addTodo(title: "Bread")) {
      $0.rows = [
        self.row(self.milk), self.row(Todo(id: UUID(0), title: "Bread")), self.row(self.jam),
      ]
    }
  }

  @Test func aCompletedTodoMovesLastOneSecondLater() async {
    let clock = TestClock()
    let store = makeStore([milk, eggs, jam], clock: clock)
    await store.send(.rows(.element(id: milk.id, action: .toggleCompleted))) {
      $0.rows[id: self.milk.id]?.todo.isComplete = true
      $0.rows[id: self.milk.id]?.isSortPending = true
    }
    await clock.advance(by: TodoRow.sortDelay)
    await store.receive(.rows(.element(id: milk.id, action: .sortDelayElapsed))) {
      $0.rows[id: self.milk.id]?.isSortPending = false
    }
    var doneMilk = milk
    doneMilk.isComplete = true
    await store.receive(.rows(.element(id: milk.id, action: .delegate(.sortRequested)))) {
      $0.rows = [self.row(self.eggs), self.row(doneMilk), self.row(self.jam)]
    }
  }

  @Test func togglingARowAgainCancelsItsPendingSort() async {
    let clock = TestClock()
    let store = makeStore([milk, eggs], clock: clock)
    await store.send(.rows(.element(id: milk.id, action: .toggleCompleted))) {
      $0.rows[id: self.milk.id]?.todo.isComplete = true
      $0.rows[id: self.milk.id]?.isSortPending = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.rows(.element(id: milk.id, action: .toggleCompleted))) {
      $0.rows[id: self.milk.id]?.todo.isComplete = false
    }
    await clock.advance(by: .milliseconds(1000))
    // One sort only, one second after the second toggle; the order is unchanged.
    await store.receive(.rows(.element(id: milk.id, action: .sortDelayElapsed))) {
      $0.rows[id: self.milk.id]?.isSortPending = false
    }
    await store.receive(.rows(.element(id: milk.id, action: .delegate(.sortRequested))))
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func eachRowWaitsUnderItsOwnIDSoTogglingOneKeepsTheOthersWait() async {
    let clock = TestClock()
    let store = makeStore([milk, eggs], clock: clock)
    await store.send(.rows(.element(id: milk.id, action: .toggleCompleted))) {
      $0.rows[id: self.milk.id]?.todo.isComplete = true
      $0.rows[id: self.milk.id]?.isSortPending = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.rows(.element(id: eggs.id, action: .toggleCompleted))) {
      $0.rows[id: self.eggs.id]?.todo.isComplete = true
      $0.rows[id: self.eggs.id]?.isSortPending = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: milk.id, action: .sortDelayElapsed))) {
      $0.rows[id: self.milk.id]?.isSortPending = false
    }
    await store.receive(.rows(.element(id: milk.id, action: .delegate(.sortRequested))))
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: eggs.id, action: .sortDelayElapsed))) {
      $0.rows[id: self.eggs.id]?.isSortPending = false
    }
    await store.receive(.rows(.element(id: eggs.id, action: .delegate(.sortRequested))))
  }

  // MARK: - Deleting

  @Test func deletingAsksFirstAndConfirmingRemovesTheRow() async {
    let store = makeStore([milk, eggs])
    await store.send(.deleteTapped(milk.id)) {
      $0.alert = Self.deleteAlert(for: self.milk)
    }
    await store.send(.alert(.presented(.confirmDeletion(milk.id)))) {
      $0.rows = [self.row(self.eggs)]
      $0.alert = nil
    }
  }

  @Test func cancellingTheAlertKeepsTheRow() async {
    let store = makeStore([milk])
    await store.send(.deleteTapped(milk.id)) {
      $0.alert = Self.deleteAlert(for: self.milk)
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    #expect(store.state.rows.ids.contains(milk.id))
  }

  @Test func deletingARowCancelsItsPendingSort() async {
    let clock = TestClock()
    let store = makeStore([milk, eggs], clock: clock)
    await store.send(.rows(.element(id: milk.id, action: .toggleCompleted))) {
      $0.rows[id: self.milk.id]?.todo.isComplete = true
      $0.rows[id: self.milk.id]?.isSortPending = true
    }
    var doneMilk = milk
    doneMilk.isComplete = true
    await store.send(.deleteTapped(milk.id)) {
      $0.alert = Self.deleteAlert(for: doneMilk)
    }
    await store.send(.alert(.presented(.confirmDeletion(milk.id)))) {
      $0.rows = [self.row(self.eggs)]
      $0.alert = nil
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func clearCompletedRemovesThoseRowsAndCancelsTheirSorts() async {
    let clock = TestClock()
    let store = makeStore([milk, eggs, jam], clock: clock)
    await store.send(.rows(.element(id: milk.id, action: .toggleCompleted))) {
      $0.rows[id: self.milk.id]?.todo.isComplete = true
      $0.rows[id: self.milk.id]?.isSortPending = true
    }
    await store.send(.clearCompletedTapped) {
      $0.rows = [self.row(self.eggs)]
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  // MARK: - Reloading

  @Test func aReloadKeepsSurvivingRowsWithTheirStateAndEffectsAndCancelsRemovedOnes() async {
    let clock = TestClock()
    let bread = Todo(id: UUID(7), title: "Bread")
    var doneMilk = milk
    doneMilk.isComplete = true
    var renamedDoneMilk = doneMilk
    renamedDoneMilk.title = "Oat milk"
    let loaded = [eggs, renamedDoneMilk, bread]
    let store = makeStore(
      [milk, eggs, jam], clock: clock,
      client: TodosClient {
        try await clock.sleep(for: .milliseconds(100))
        return loaded
      })
    // Two rows wait to be re-sorted: milk (which the reload keeps) and jam (which it drops).
    await store.send(.rows(.element(id: milk.id, action: .toggleCompleted))) {
      $0.rows[id: self.milk.id]?.todo.isComplete = true
      $0.rows[id: self.milk.id]?.isSortPending = true
    }
    await store.send(.rows(.element(id: jam.id, action: .toggleCompleted))) {
      $0.rows[id: self.jam.id]?.todo.isComplete = false
      $0.rows[id: self.jam.id]?.isSortPending = true
    }
    await store.send(.reloadTapped) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.todosLoaded(loaded)) {
      $0.isLoading = false
      // Milk kept its place and its pending sort, and took the new title; eggs kept its place;
      // jam is gone; bread is new, appended.
      $0.rows = [
        self.row(renamedDoneMilk, isSortPending: true), self.row(self.eggs), self.row(bread),
      ]
    }
    // Milk's wait survived the reload (jam's was cancelled with its row: nothing arrives).
    await clock.advance(by: .milliseconds(900))
    await store.receive(.rows(.element(id: milk.id, action: .sortDelayElapsed))) {
      $0.rows[id: self.milk.id]?.isSortPending = false
    }
    await store.receive(.rows(.element(id: milk.id, action: .delegate(.sortRequested)))) {
      $0.rows = [self.row(self.eggs), self.row(bread), self.row(renamedDoneMilk)]
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aReloadThatRemovesTheRowTheAlertAsksAboutClosesTheAlert() async {
    let clock = TestClock()
    let store = makeStore(
      [milk, eggs], clock: clock,
      client: TodosClient {
        try await clock.sleep(for: .milliseconds(100))
        return [self.eggs]
      })
    await store.send(.reloadTapped) { $0.isLoading = true }
    await store.send(.deleteTapped(milk.id)) { $0.alert = Self.deleteAlert(for: self.milk) }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.todosLoaded([eggs])) {
      $0.isLoading = false
      $0.rows = [self.row(self.eggs)]
      $0.alert = nil
    }
  }

  @Test func aReloadThatKeepsTheRowTheAlertAsksAboutKeepsTheAlert() async {
    let clock = TestClock()
    let store = makeStore(
      [milk], clock: clock,
      client: TodosClient {
        try await clock.sleep(for: .milliseconds(100))
        return [self.milk, self.eggs]
      })
    await store.send(.reloadTapped) { $0.isLoading = true }
    await store.send(.deleteTapped(milk.id)) { $0.alert = Self.deleteAlert(for: self.milk) }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.todosLoaded([milk, eggs])) {
      $0.isLoading = false
      $0.rows = [self.row(self.milk), self.row(self.eggs)]
    }
  }

  @Test func clearingTheCompletedRowTheAlertAsksAboutClosesTheAlert() async {
    let store = makeStore([milk, jam])
    await store.send(.deleteTapped(jam.id)) { $0.alert = Self.deleteAlert(for: self.jam) }
    await store.send(.clearCompletedTapped) {
      $0.rows = [self.row(self.milk)]
      $0.alert = nil
    }
  }

  @Test func reloadingAgainCancelsTheReloadInFlight() async {
    let clock = TestClock()
    let calls = Recorder<Int>()
    let lists = [[milk], [eggs]]
    let store = makeStore(
      [], clock: clock,
      client: TodosClient {
        calls.record(calls.recorded.count)
        let list = lists[calls.recorded.count - 1]
        try await clock.sleep(for: .seconds(1))
        return list
      })
    await store.send(.reloadTapped) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(500))
    await store.send(.reloadTapped)
    await clock.advance(by: .milliseconds(1000))
    await store.receive(.todosLoaded([eggs])) {
      $0.isLoading = false
      $0.rows = [self.row(self.eggs)]
    }
    await store.finish()
    #expect(calls.recorded.count == 2)
  }

  @Test func aFailedReloadShowsTheErrorAndKeepsTheRows() async {
    let store = makeStore([milk], client: TodosClient { throw Offline() })
    await store.send(.reloadTapped) { $0.isLoading = true }
    await store.receive(.loadFailed("offline")) {
      $0.isLoading = false
      $0.errorMessage = "offline"
    }
    #expect(store.state.rows.ids.contains(milk.id))
  }

  @Test func theUnimplementedTestClientFailsATestThatForgetsToOverrideIt() async {
    let store = TestStore(initialState: Todos.State()) { Todos() }
    await withKnownIssue {
      await store.send(.reloadTapped) { $0.isLoading = true }
      await store.skipReceivedActions()
    }
  }

  /// MiniRedux's `updateInPlace` reuses a row's store while its id stays; here the store keys row
  /// stores by id, so a row that survives a reload keeps its store.
  @Test func aReloadOnAPlainStoreKeepsTheSurvivingRowsStores() async {
    let loaded = [eggs, Todo(id: UUID(7), title: "Bread")]
    let store = Store(initialState: Todos.State(rows: [row(milk), row(eggs)])) {
      Todos()
    } withDependencies: {
      $0.todosClient = TodosClient { loaded }
    }
    let before = store.scope(state: \.rows, action: Todos.Action.rows)
    await store.send(.reloadTapped).finish()
    let after = store.scope(state: \.rows, action: Todos.Action.rows)
    #expect(store.state.rows.map(\.todo) == loaded)
    #expect(after.count == 2)
    #expect(after[0] === before[1])
    #expect(after[1] !== before[0])
    #expect(after[1].state.todo.title == "Bread")
  }

  private static func deleteAlert(for todo: Todo) -> AlertState<Todos.Action.Alert> {
    AlertState {
      TextState("Delete \u{201C}\(todo.title)\u{201D}?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(todo.id)) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
  }
}
