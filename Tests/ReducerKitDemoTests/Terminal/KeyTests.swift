import Foundation
import Testing

@testable import reducerkit_demo

@Suite("Key")
struct KeyTests {
  @Test("labels are how help writes keys")
  func labels() {
    #expect(Key.character("+").label == "+")
    #expect(Key.character(" ").label == "Space")
    #expect([Key.up, .down, .left, .right].map(\.label) == ["↑", "↓", "←", "→"])
    #expect(Key.escape.label == "Esc")
    #expect(Key.control(4).label == "Ctrl-D")
    #expect(Key.control(3).label == "Ctrl-C")
    #expect(Key.unknown("Esc [15~").label == "Esc [15~")
  }
}
