import Foundation
import ReducerKit
import ReducerKitExamples
import Testing

@testable import reducerkit_demo

@MainActor
@Suite("TodosCommands")
struct TodosCommandsTests {
  let two = Fixtures.state { $0.todos.rows = [Fixtures.milk, Fixtures.bread] }

  @Test("add needs a title")
  func add() {
    #expect(
      Fixtures.outcome("add", on: .todos, .text(" Eggs ")) == .send(.todos(.addTodo(title: "Eggs")))
    )
    #expect(Fixtures.outcome("add", on: .todos, .text("  ")) == .hint("type a title: add TITLE"))
  }

  @Test("toggle and delete take row N, the last row without one, and hint for a missing row")
  func rows() {
    #expect(
      Fixtures.outcome("toggle", on: .todos, .row(1), in: two)
        == .send(.todos(.rows(.element(id: Fixtures.milk.id, action: .toggleCompleted)))))
    #expect(
      Fixtures.outcome("toggle", on: .todos, .row(nil), in: two)
        == .send(.todos(.rows(.element(id: Fixtures.bread.id, action: .toggleCompleted)))))
    #expect(
      Fixtures.outcome("delete", on: .todos, .row(3), in: two)
        == .hint("there is no row 3; rows are 1 to 2"))
    #expect(
      Fixtures.outcome("toggle", on: .todos, .row(1))
        == .hint("there are no todos; type add TITLE"))
    #expect(
      Fixtures.outcome("delete", on: .todos, .row(2), in: two)
        == .send(.todos(.deleteTapped(Fixtures.bread.id))))
  }

  @Test("confirm and keep answer the alert, and hint without one; delete waits for an answer")
  func alert() {
    var state = two
    state.todos.alert = AlertState {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(Fixtures.milk.id)) {
        TextState("Delete")
      }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    #expect(
      Fixtures.outcome("confirm", on: .todos, in: state)
        == .send(.todos(.alert(.presented(.confirmDeletion(Fixtures.milk.id))))))
    #expect(Fixtures.outcome("keep", on: .todos, in: state) == .send(.todos(.alert(.dismiss))))
    #expect(
      Fixtures.outcome("delete", on: .todos, .row(1), in: state)
        == .hint("answer the alert first: confirm or keep"))
    let hint = DemoCommand.Outcome.hint("no delete alert is shown; type delete N first")
    #expect(Fixtures.outcome("confirm", on: .todos, in: two) == hint)
    #expect(Fixtures.outcome("keep", on: .todos, in: two) == hint)
  }

  @Test("clear and reload send their actions")
  func listCommands() {
    #expect(Fixtures.outcome("clear", on: .todos) == .send(.todos(.clearCompletedTapped)))
    #expect(Fixtures.outcome("reload", on: .todos) == .send(.todos(.reloadTapped)))
  }
}
