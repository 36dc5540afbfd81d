import Foundation
import Testing

@testable import reducerkit_demo

@MainActor
@Suite("DemoCommand")
struct DemoCommandTests {
  @Test("a help line has the keys, the word with its argument, and what it does, in columns")
  func helpLine() {
    let delete = Fixtures.command("delete", on: .todos)
    #expect(delete.helpLine == "k          delete N       delete, after an alert")
    let add = Fixtures.command("add", on: .todos)
    #expect(add.helpLine.hasPrefix("a          add TITLE      "))
    let open = Fixtures.command("open", on: .inventory)
    #expect(open.helpLine.hasPrefix("o →        open N         "))
  }

  @Test("row N is 1-based; no N means the last row; a missing row or an empty list is a hint")
  func rowIndex() throws {
    #expect(try DemoCommand.rowIndex(.row(1), count: 3, empty: "").get() == 0)
    #expect(try DemoCommand.rowIndex(.row(nil), count: 3, empty: "").get() == 2)
    #expect(
      DemoCommand.rowIndex(.row(4), count: 3, empty: "")
        == .failure(RowHint(text: "there is no row 4; rows are 1 to 3")))
    #expect(
      DemoCommand.rowIndex(.row(0), count: 3, empty: "")
        == .failure(RowHint(text: "there is no row 0; rows are 1 to 3")))
    #expect(
      DemoCommand.rowIndex(.row(1), count: 0, empty: "none") == .failure(RowHint(text: "none")))
  }

  @Test("text is trimmed, and blank text is none")
  func text() {
    #expect(DemoCommand.text(.text("  Pen "), asking: "TEXT") == "Pen")
    #expect(DemoCommand.text(.text("   "), asking: "TEXT") == nil)
    #expect(DemoCommand.text(.none, asking: "TEXT") == nil)
  }

  @Test("padding and trimming")
  func strings() {
    #expect("ab".padded(to: 4) == "ab  ")
    #expect("abcd".padded(to: 2) == "abcd ")
    #expect("  a b \n".trimmingWhitespace() == "a b")
  }
}
