import ReducerKit
import ReducerKitExamples

extension DemoCommand {
  /// The Todos example's commands.
  @MainActor static let todos: [DemoCommand] = [
    DemoCommand(
      keys: [.character("a")], word: "add", argument: .text(placeholder: "TITLE"),
      help: "add a todo"
    ) { input, _ in
      guard let title = text(input, asking: "TITLE") else {
        return .hint("type a title: add TITLE")
      }
      return .send(.todos(.addTodo(title: title)))
    },
    DemoCommand(
      keys: [.character("t"), .character(" ")], word: "toggle", argument: .row,
      help: "done or not; re-sorts 1 s later (again within 1 s: restarts)"
    ) { input, state in
      row(input, state).outcome { index in
        .send(.todos(.rows(.element(id: state.todos.rows[index].id, action: .toggleCompleted))))
      }
    },
    DemoCommand(
      keys: [.character("k")], word: "delete", argument: .row, help: "delete, after an alert"
    ) { input, state in
      guard state.todos.alert == nil else { return .hint(alertShown) }
      return row(input, state).outcome { index in
        .send(.todos(.deleteTapped(state.todos.rows[index].id)))
      }
    },
    DemoCommand(keys: [.character("y")], word: "confirm", help: "alert: delete") { _, state in
      guard let alert = state.todos.alert,
        let action = alert.buttons.first(where: { $0.role == .destructive })?.action.action
      else { return .hint(noAlert) }
      return .send(.todos(.alert(.presented(action))))
    },
    DemoCommand(keys: [.character("n")], word: "keep", help: "alert: keep it") { _, state in
      guard state.todos.alert != nil else { return .hint(noAlert) }
      return .send(.todos(.alert(.dismiss)))
    },
    DemoCommand(keys: [.character("c")], word: "clear", help: "remove the completed todos") {
      _, _ in .send(.todos(.clearCompletedTapped))
    },
    DemoCommand(
      keys: [.character("r")], word: "reload",
      help: "replace with the built-in list; rows that stay keep their state and effects"
    ) { _, _ in .send(.todos(.reloadTapped)) },
  ]

  private static let noAlert = "no delete alert is shown; type delete N first"
  private static let alertShown = "answer the alert first: confirm or keep"

  private static func row(_ input: Input, _ state: DemoApp.State) -> Result<Int, RowHint> {
    rowIndex(input, count: state.todos.rows.count, empty: "there are no todos; type add TITLE")
  }
}
