import Foundation
import ReducerKit
import Testing

private struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

/// A row: a todo from the server and state of its own.
private struct Row: Identifiable, Equatable {
  var todo: Todo
  var isSelected = false
  var id: Int { todo.id }
}

@Suite struct IdentifiedArrayMergeTests {
  @Test func keptElementsStayInPlaceNewOnesAreAppendedAndMissingOnesRemoved() {
    var todos: IdentifiedArrayOf<Todo> = [
      Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs"), Todo(id: 3, title: "Jam"),
    ]
    todos.merge([
      Todo(id: 4, title: "Bread"), Todo(id: 3, title: "Jam!"), Todo(id: 1, title: "Milk"),
    ])
    #expect(
      todos == [
        Todo(id: 1, title: "Milk"), Todo(id: 3, title: "Jam!"), Todo(id: 4, title: "Bread"),
      ])
    #expect(Array(todos.ids) == [1, 3, 4])
    for (position, todo) in todos.enumerated() {
      #expect(todos.index(id: todo.id) == position)
    }
  }

  @Test func theUpdateClosureKeepsTheStateItLeavesAlone() {
    var rows: IdentifiedArrayOf<Row> = [
      Row(todo: Todo(id: 1, title: "Milk"), isSelected: true),
      Row(todo: Todo(id: 2, title: "Eggs")),
    ]
    rows.merge(
      [Todo(id: 2, title: "Eggs"), Todo(id: 1, title: "Oat milk"), Todo(id: 5, title: "Tea")],
      update: { row, todo in row.todo = todo },
      create: { Row(todo: $0) })
    #expect(
      rows == [
        Row(todo: Todo(id: 1, title: "Oat milk"), isSelected: true),
        Row(todo: Todo(id: 2, title: "Eggs")),
        Row(todo: Todo(id: 5, title: "Tea")),
      ])
  }

  @Test func valuesOfAnotherTypeAreMatchedByTheGivenID() {
    var rows: IdentifiedArrayOf<Row> = [Row(todo: Todo(id: 1, title: "Milk"), isSelected: true)]
    rows.merge(
      ["1:Milk", "7:Salt"],
      id: { Int($0.prefix { $0 != ":" })! },
      update: { row, text in row.todo.title = String(text.drop { $0 != ":" }.dropFirst()) },
      create: { text in
        Row(todo: Todo(id: Int(text.prefix { $0 != ":" })!, title: "new"))
      })
    #expect(
      rows == [
        Row(todo: Todo(id: 1, title: "Milk"), isSelected: true),
        Row(todo: Todo(id: 7, title: "new")),
      ])
  }

  @Test func mergingWithNothingEmptiesTheArrayAndIntoAnEmptyOneAppendsAll() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
    todos.merge([])
    #expect(todos.isEmpty)
    todos.merge([Todo(id: 2, title: "Eggs"), Todo(id: 1, title: "Milk")])
    #expect(Array(todos.ids) == [2, 1])
  }

  @Test func aDuplicateValueIsIgnoredWithAWarning() {
    let recorder = WarningRecorder(matching: "more than one value with the id 5113")
    var todos: IdentifiedArrayOf<Todo> = []
    todos.merge([Todo(id: 5113, title: "first"), Todo(id: 5113, title: "second")])
    #expect(todos == [Todo(id: 5113, title: "first")])
    #expect(recorder.messages.count == 1)
  }

  @Test func anErrorThrownByUpdateLeavesTheArrayConsistent() {
    struct Failure: Error {}
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
    #expect(throws: Failure.self) {
      try todos.merge(
        [Todo(id: 2, title: "x"), Todo(id: 3, title: "y")],
        update: { _, _ in throw Failure() })
    }
    #expect(Array(todos.ids) == [2])
    #expect(todos.index(id: 2) == 0)
  }
}
