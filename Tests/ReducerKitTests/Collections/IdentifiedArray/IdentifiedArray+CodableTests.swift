import Foundation
import Testing

@testable import ReducerKit

@Suite struct IdentifiedArrayCodableTests {
  struct Todo: Codable, Identifiable, Equatable {
    var id: Int
    var title: String
  }

  @Test func anArrayEncodesAsItsElementsInOrderAndDecodesBack() throws {
    let todos: IdentifiedArrayOf<Todo> = [Todo(id: 2, title: "b"), Todo(id: 1, title: "a")]
    let data = try JSONEncoder().encode(todos)
    let plain = try JSONDecoder().decode([Todo].self, from: data)
    #expect(plain == Array(todos))
    let decoded = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data)
    #expect(decoded == todos)
    #expect(decoded[id: 1]?.title == "a")
  }

  @Test func aRepeatedIdIsADecodingErrorNotACrash() {
    let data = Data(#"[{"id":1,"title":"a"},{"id":1,"title":"b"}]"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data)
    }
  }
}
