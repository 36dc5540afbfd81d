import Foundation
import Testing

@testable import reducerkit_demo

@Suite("KeyDecoder")
struct KeyDecoderTests {
  /// Feeds every byte, then flushes (as the reader does when input pauses).
  private func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    var keys = bytes.compactMap { decoder.feed($0) }
    if let key = decoder.flush() { keys.append(key) }
    return keys
  }

  private func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

  @Test("printable bytes are one character each")
  func printableCharacters() {
    #expect(keys("+-]q") == [.character("+"), .character("-"), .character("]"), .character("q")])
  }

  @Test("arrow keys, in both the normal and the application cursor form, are one key each")
  func arrows() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
  }

  @Test("an arrow with a modifier (Ctrl-↑ is ESC [ 1 ; 5 A) is still the arrow")
  func modifiedArrow() {
    #expect(keys("\u{1B}[1;5A") == [.up])
  }

  @Test("an arrow's bytes never become other commands: [ is a counter key, A is not a key")
  func arrowIsNotSplit() {
    let decoded = keys("\u{1B}[A")
    #expect(decoded == [.up])
    #expect(!decoded.contains(.character("[")))
  }

  @Test("an unknown sequence is one unknown key, and the next byte decodes afresh")
  func unknownSequences() {
    #expect(keys("\u{1B}[15~+") == [.unknown("Esc [15~"), .character("+")])
    #expect(keys("\u{1B}OP") == [.unknown("Esc OP")])
    #expect(keys("\u{1B}x") == [.unknown("Alt-x")])
  }

  @Test("a lone Escape is only known when input pauses: flush makes it the Escape key")
  func loneEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(0x1B) == nil)
    #expect(decoder.isPending)
    #expect(decoder.flush() == .escape)
    #expect(!decoder.isPending)
    #expect(decoder.flush() == nil)
  }

  @Test("Escape twice: the first is a key, the second may start a sequence")
  func doubleEscape() {
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
    #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
  }

  @Test("Enter, Backspace, Tab and Ctrl keys")
  func controlKeys() {
    #expect(
      keys([0x0D, 0x0A, 0x7F, 0x08, 0x09, 0x04]) == [
        .enter, .enter, .backspace, .backspace, .tab, .control(4),
      ])
  }

  @Test("a multi-byte UTF-8 character is one character")
  func utf8() {
    #expect(keys("é€😀") == [.character("é"), .character("€"), .character("😀")])
  }

  @Test(
    "a broken UTF-8 character is dropped or one unknown key; the byte that broke it still counts")
  func brokenUTF8() {
    #expect(keys([0xC3, UInt8(ascii: "+")]) == [.character("+")])
    #expect(keys([0xFF]) == [.unknown("byte 255")])
    #expect(keys([0xE2, 0x82]) == [.unknown("a partial character")])
  }

  @Test("a sequence longer than the limit is given up as one unknown key")
  func overlongSequence() {
    let bytes = [0x1B, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 40)
    let decoded = keys(bytes)
    #expect(decoded.first == .unknown("Esc sequence"))
    #expect(!decoded.contains(.character("[")))
  }

  @Test("a partial sequence when input ends is one unknown key")
  func partialSequence() {
    #expect(keys("\u{1B}[1;") == [.unknown("Esc sequence")])
  }
}
