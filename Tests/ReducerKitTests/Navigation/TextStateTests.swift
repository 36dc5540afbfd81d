import Foundation
import Testing

@testable import ReducerKit

@Suite("TextState")
struct TextStateTests {
  @Test("a text built from a string, a literal or verbatim shows that string")
  func buildsFromStrings() {
    let name = "Milk"
    let literal: TextState = "Cancel"
    #expect(String(state: TextState("Delete?")) == "Delete?")
    #expect(String(state: TextState("Delete \(name)?")) == "Delete Milk?")
    #expect(String(state: TextState(name.dropLast())) == "Mil")
    #expect(String(state: TextState(verbatim: "100%")) == "100%")
    #expect(String(state: literal) == "Cancel")
    #expect(TextState("Saved").description == "Saved")
  }

  @Test("texts are equal when their strings are, and hash alike then")
  func equalityAndHashing() {
    let literal: TextState = "Delete?"
    #expect(TextState("Delete?") == literal)
    #expect(TextState("Delete?") == TextState(verbatim: "Delete?"))
    #expect(TextState("Delete?") != TextState("Delete"))
    #expect(TextState("Delete?").hashValue == literal.hashValue)
    #expect(Set([TextState("A"), "A", TextState(verbatim: "B")]).count == 2)
  }

  @Test("+ joins two texts")
  func concatenation() {
    #expect(TextState("Delete ") + TextState("Milk") == TextState("Delete Milk"))
  }

  @Test("a text dumps as its quoted string, alone and inside a value")
  func dumpsAsAString() {
    struct Banner { var text: TextState }
    #expect(debugDump(TextState("Say \"hi\"")) == #""Say \"hi\"""#)
    #expect(debugDump(Banner(text: "Saved")) == "TextStateTests.Banner(\n  text: \"Saved\",\n)")
  }

  @Test("TextState is Sendable")
  func isSendable() {
    func requireSendable<T: Sendable>(_ value: T) -> T { value }
    #expect(requireSendable(TextState("A")) == "A")
  }
}
