import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TodoRowTests {
  private let milk = Todo(id: UUID(0), title: "Milk")

  private func makeStore(clock: TestClock) -> TestStoreOf<TodoRow> {
    TestStore(initialState: TodoRow.State(todo: milk)) {
      TodoRow()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func togglingAsksForASortOneSecondLater() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.toggleCompleted) {
      $0.todo.isComplete = true
      $0.isSortPending = true
    }
    await clock.advance(by: TodoRow.sortDelay)
    await store.receive(.sortDelayElapsed) { $0.isSortPending = false }
    await store.receive(.delegate(.sortRequested))
  }

  @Test func togglingAgainWithinTheSecondRestartsTheWait() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.toggleCompleted) {
      $0.todo.isComplete = true
      $0.isSortPending = true
    }
    await clock.advance(by: .milliseconds(600))
    await store.send(.toggleCompleted) { $0.todo.isComplete = false }
    // Past the first toggle's second (its wait was cancelled: it would be a second receive)
    // to the second toggle's.
    await clock.advance(by: .milliseconds(1000))
    await store.receive(.sortDelayElapsed) { $0.isSortPending = false }
    await store.receive(.delegate(.sortRequested))
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func renamingChangesTheTitleOnly() async {
    let store = makeStore(clock: TestClock())
    await store.send(.titleChanged("Oat milk")) { $0.todo.title = "Oat milk" }
  }
}
