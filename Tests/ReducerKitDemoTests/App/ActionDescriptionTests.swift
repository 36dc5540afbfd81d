import Foundation
import Testing

@testable import reducerkit_demo

@Suite("ActionDescription")
struct ActionDescriptionTests {
  @Test("type qualifiers are dropped, generic ones too")
  func qualifiers() {
    #expect(describe(.counter(.incrementTapped)) == "counter(incrementTapped)")
    #expect(
      shortened("rows(ReducerKit.IdentifiedAction<Foundation.UUID, M.TodoRow.Action>.element(x))")
        == "rows(element(x))")
    #expect(describe(.screenSelected(.todos)) == "screenSelected(todos)")
  }

  @Test("the demo's UUIDs print short: sequential ones as #N, others as eight digits")
  func uuids() {
    #expect(shortened("id: 00000000-0000-0000-0000-00000000000A)") == "id: #10)")
    #expect(shortened("3C790BD2-1111-2222-3333-444455556666") == "3C790BD2")
  }

  @Test("a long action is cut at 140 characters, with an ellipsis")
  func long() {
    let text = describe(.todos(.addTodo(title: String(repeating: "x", count: 300))))
    #expect(text.count == maximumDescriptionLength)
    #expect(text.hasPrefix("todos(addTodo(title: \"xxx"))
    #expect(text.hasSuffix("x…"))
    #expect(describe(.counter(.incrementTapped)) == "counter(incrementTapped)")
  }

  @Test("text that only looks like a qualifier at a word's end is kept")
  func plainText() {
    #expect(shortened("count = 2. Done") == "count = 2. Done")
    #expect(shortened("Loading…") == "Loading…")
  }
}
