import Foundation
import Testing

@testable import reducerkit_demo

@MainActor
@Suite("CommandTable")
struct CommandTableTests {
  @Test("on every screen, no key and no word runs two commands", arguments: Screen.allCases)
  func unique(screen: Screen) {
    let commands = CommandTable.commands(on: screen) + CommandTable.global
    let keys = commands.flatMap(\.keys)
    #expect(Set(keys).count == keys.count, "a key is used twice on \(screen)")
    let words = commands.map(\.word)
    #expect(Set(words).count == words.count, "a word is used twice on \(screen)")
    // ↑ and ↓ select rows, so no command may take them.
    #expect(!keys.contains(.up) && !keys.contains(.down))
  }

  @Test("keys find their command on the screen, then the global ones")
  func keys() {
    #expect(CommandTable.command(for: .character("+"), on: .counter)?.word == "+")
    #expect(CommandTable.command(for: .character("2"), on: .menu)?.word == "quote")
    #expect(CommandTable.command(for: .escape, on: .todos)?.word == "menu")
    #expect(CommandTable.command(for: .control(4), on: .todos)?.word == "quit")
    #expect(CommandTable.command(for: .right, on: .inventory)?.word == "open")
    #expect(CommandTable.command(for: .character("+"), on: .todos) == nil)
    #expect(CommandTable.command(for: .unknown("Esc [15~"), on: .counter) == nil)
  }

  @Test("lines: a word and its argument, menu numbers, example names from any screen")
  func lines() {
    func parse(_ line: String, _ screen: Screen) -> (String, DemoCommand.Input)? {
      CommandTable.command(forLine: line, on: screen).map { ($0.0.word, $0.1) }
    }
    #expect(parse("  delete 2 ", .todos)! == ("delete", .row(2)))
    #expect(parse("delete", .todos)! == ("delete", .row(nil)))
    #expect(parse("add Buy milk", .todos)! == ("add", .text("Buy milk")))
    // No text is no input, so the command can say what it needs.
    #expect(parse("add", .todos)! == ("add", .none))
    #expect(parse("3", .menu)! == ("details", .none))
    #expect(parse("INVENTORY", .counter)! == ("inventory", .none))
    #expect(parse("delete two", .todos) == nil)
    #expect(parse("+ 3", .counter) == nil)
    #expect(parse("3", .counter) == nil)
    #expect(parse("bogus", .menu) == nil)
  }

  @Test("help lists every command of the screen and the global ones", arguments: Screen.allCases)
  func help(screen: Screen) {
    let help = CommandTable.help(on: screen)
    for command in CommandTable.commands(on: screen) + CommandTable.global {
      #expect(help.contains(command.helpLine), "\(command.word) on \(screen)")
    }
    #expect(help.contains("↑ ↓") == CommandTable.hasRows(screen))
  }

  @Test("the README's demo section lists every screen's keys and words, as help does")
  func readme() throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../README.md"),
      encoding: .utf8)
    let start = try #require(readme.range(of: "## The demo"))
    let end = readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound
    let section = String(readme[start.lowerBound..<(end ?? readme.endIndex)])
    for screen in Screen.allCases {
      for command in CommandTable.commands(on: screen) + CommandTable.global {
        #expect(
          section.contains(command.helpLine.trimmingWhitespace()),
          "README's demo section lacks \"\(command.helpLine)\" (\(screen))")
      }
    }
  }
}
