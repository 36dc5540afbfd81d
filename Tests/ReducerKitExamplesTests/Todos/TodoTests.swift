import Foundation
import ReducerKit
import ReducerKitExamples
import Testing

@Suite struct TodoTests {
  @Test func aTodoStartsIncomplete() {
    let todo = Todo(id: UUID(0), title: "Milk")
    #expect(!todo.isComplete)
    #expect(todo != Todo(id: UUID(0), title: "Milk", isComplete: true))
  }
}
