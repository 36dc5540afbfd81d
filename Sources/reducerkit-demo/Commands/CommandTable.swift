/// Every command, per screen, and how keys and lines find them.
@MainActor
enum CommandTable {
  /// The commands every screen has.
  static let global: [DemoCommand] = [
    DemoCommand(keys: [.escape, .character("m")], word: "menu", help: "back to the menu") { _, _ in
      .send(.screenSelected(.menu))
    },
    DemoCommand(keys: [.character("?"), .character("h")], word: "help", help: "show these keys") {
      _, _ in .showHelp
    },
    DemoCommand(
      keys: [], word: "wait",
      help: "lines: wait for the answers of what was sent (searches, loads, delays)"
    ) { _, _ in .waitForEffects },
    DemoCommand(keys: [.character("q"), .control(4)], word: "quit", help: "quit") { _, _ in .quit },
  ]

  /// The menu: one command per example, `1` to `6` or its name.
  static let menu: [DemoCommand] = Screen.examples.map { screen in
    DemoCommand(
      keys: [.character(screen.menuKey!)], word: screen.word, help: screen.title
    ) { _, _ in .send(.screenSelected(screen)) }
  }

  /// A screen's own commands (without the global ones).
  static func commands(on screen: Screen) -> [DemoCommand] {
    switch screen {
    case .menu: menu
    case .counter: DemoCommand.counter
    case .quote: DemoCommand.quote
    case .details: DemoCommand.details
    case .todos: DemoCommand.todos
    case .search: DemoCommand.search
    case .inventory: DemoCommand.inventory
    case .stats: DemoCommand.stats
    case .profile: DemoCommand.profile
    }
  }

  /// Whether ↑ and ↓ select a row on the screen.
  static func hasRows(_ screen: Screen) -> Bool {
    commands(on: screen).contains { $0.argument == .row }
  }

  /// The command a key runs on a screen, if any.
  static func command(for key: Key, on screen: Screen) -> DemoCommand? {
    (commands(on: screen) + global).first { $0.keys.contains(key) }
  }

  /// The command and its input for a line on a screen, or `nil` for an unknown word. An
  /// example's name opens it from any screen (`todos`), so a script need not go through the menu.
  static func command(forLine line: String, on screen: Screen) -> (DemoCommand, DemoCommand.Input)?
  {
    let trimmed = line.trimmingWhitespace()
    let word = String(trimmed.prefix { !$0.isWhitespace }).lowercased()
    let rest = String(trimmed.dropFirst(word.count)).trimmingWhitespace()
    let candidates = commands(on: screen) + global + (screen == .menu ? [] : menu)
    let command =
      candidates.first { $0.word == word }
      ?? menuKeyCommand(word, on: screen)
    guard let command else { return nil }
    switch command.argument {
    case .none:
      return rest.isEmpty ? (command, .none) : nil
    case .row:
      if rest.isEmpty { return (command, .row(nil)) }
      guard let row = Int(rest) else { return nil }
      return (command, .row(row))
    case .text:
      return (command, rest.isEmpty ? .none : .text(rest))
    }
  }

  /// On the menu, `1` to `6` as words too.
  private static func menuKeyCommand(_ word: String, on screen: Screen) -> DemoCommand? {
    guard screen == .menu, word.count == 1, let key = word.first else { return nil }
    return menu.first { $0.keys.contains(.character(key)) }
  }

  /// The help for a screen: its commands, then the global ones, one per line.
  static func help(on screen: Screen) -> String {
    var lines = ["\(screen == .menu ? "menu" : screen.title):"]
    lines += commands(on: screen).map { "  " + $0.helpLine }
    if hasRows(screen) {
      lines.append("  " + "↑ ↓".padded(to: 10) + " " + "".padded(to: 14) + " select a row (keys)")
    }
    lines += global.map { "  " + $0.helpLine }
    return lines.joined(separator: "\n")
  }
}
