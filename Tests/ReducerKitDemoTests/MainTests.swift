import Foundation
import Testing

/// The built demo, run with piped input (line mode), as `swift run reducerkit-demo` runs it.
@Suite("reducerkit-demo, piped")
struct MainTests {
  @Test("a counter session: every action and the state after it, a hint for a bad command")
  func counterSession() throws {
    let run = try DemoProcess.run(lines: ["counter", "+", "+", "-", "delayed+", "bogus", "quit"])
    #expect(run.status == 0)
    #expect(run.output.contains("action: counter(incrementTapped)\n  state: count = 1"))
    #expect(run.output.contains("action: counter(decrementTapped)\n  state: count = 1"))
    #expect(run.output.contains("hint: unknown command \"bogus\" on the counter screen; type help"))
    // The delayed +1 is let finish before the demo ends.
    #expect(run.output.contains("action: counter(increment)\n  state: count = 2"))
    #expect(run.output.contains("bye.\n  counter: count = 2"))
  }

  @Test("todos added in one run are there in the next, from the data folder; nowhere else")
  func todosOutliveTheRun() throws {
    let folder = DemoProcess.freshDataFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try DemoProcess.run(
      lines: ["todos", "add Milk", "add Bread", "quit"], dataFolder: folder)
    #expect(first.status == 0)
    let file = folder.appendingPathComponent("reducerkit-demo/todos.json")
    #expect(FileManager.default.fileExists(atPath: file.path))
    let second = try DemoProcess.run(lines: ["todos", "quit"], dataFolder: folder)
    #expect(
      second.output.contains("bye.") && second.output.contains("todos: 1. [ ] Milk, 2. [ ] Bread"))
    let fresh = try DemoProcess.run(lines: ["todos", "quit"])
    #expect(!fresh.output.contains("Milk"))
  }

  @Test("the menu opens every example by its number or its name, and lists them")
  func menu() throws {
    let run = try DemoProcess.run(lines: ["1", "menu", "quote", "menu", "9", "help", "quit"])
    #expect(run.output.contains("action: screenSelected(counter)"))
    #expect(run.output.contains("action: screenSelected(quote)"))
    #expect(run.output.contains("hint: unknown command \"9\" on the menu; type help"))
    for screen in ["counter", "quote", "details", "todos", "search", "inventory"] {
      #expect(run.output.contains(" \(screen) "), "the menu lists \(screen)")
    }
  }

  @Test("the inventory: a sheet that closes itself on save, a delete alert, a pushed detail")
  func inventorySession() throws {
    let run = try DemoProcess.run(lines: [
      "inventory", "add", "name Keyboard", "save", "add", "name Mouse", "save", "delete 1",
      "confirm", "open 1", "back", "confirm", "quit",
    ])
    #expect(run.output.contains("alert: Delete Keyboard?"))
    #expect(run.output.contains("detail: Mouse, 0s on screen"))
    #expect(run.output.contains("hint: no delete alert is shown; type delete N first"))
    #expect(run.output.contains("  inventory: 1 item [1. Mouse ×1]\n"))
  }

  @Test("the details sheet, the todos list and a quote, end to end")
  func otherExamples() throws {
    let run = try DemoProcess.run(lines: [
      "details", "sheet", "like", "favorite", "close", "like",
      "todos", "add Buy bread", "toggle 1", "delete 1", "confirm",
      "quote", "load", "quit",
    ])
    #expect(run.output.contains("state: count = 0 | sheet: likes = 1, ★"))
    #expect(run.output.contains("action: details(details(dismiss))\n  state: count = 0\n"))
    #expect(run.output.contains("hint: the details sheet is not shown; type sheet first"))
    #expect(run.output.contains("state: 1. [x] Buy bread (re-sort pending)"))
    #expect(run.output.contains("alert: Delete \u{201C}Buy bread\u{201D}?"))
    #expect(run.output.contains("  todos: no todos\n"))
    #expect(run.output.contains("action: quote(quoteLoaded("))
  }

  @Test("search: keystrokes debounced into one search, details pushed and loaded, then closed")
  func searchSession() throws {
    let run = try DemoProcess.run(lines: [
      "search", "query m", "query ma", "query mar", "wait", "open 1", "wait", "back", "quit",
    ])
    let searches = run.output.split(separator: "\n").filter {
      $0.hasPrefix("action: search(searchResponse(")
    }
    #expect(searches.count == 1, "one search for three quick keystrokes")
    #expect(run.output.contains("state: query \"mar\" | results: 1. Mars\n"))
    #expect(run.output.contains("details: Mars, orbits the Sun, 6779 km across"))
    #expect(run.output.contains("action: search(path(popFrom(id: #0)))"))
  }

  @Test("bad input of every kind gets a one-line hint, and nothing says warning")
  func badInput() throws {
    let run = try DemoProcess.run(lines: [
      "frobnicate", "todos", "toggle", "toggle 7", "delete x", "confirm", "inventory", "save",
      "back", "open 3", "details", "like", "quit",
    ])
    let hints = run.output.split(separator: "\n").filter { $0.hasPrefix("hint: ") }
    #expect(hints.count == 9)
    #expect(!run.output.lowercased().contains("warning"))
    #expect(run.errors.isEmpty)
  }

  @Test("input that ends without quit ends the demo the same way")
  func endOfInput() throws {
    let run = try DemoProcess.run(lines: ["counter", "+"])
    #expect(run.status == 0)
    #expect(run.output.contains("bye.\n  counter: count = 1"))
  }
}
