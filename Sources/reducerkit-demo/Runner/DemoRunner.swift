import ReducerKit

/// Reads commands (keys or lines), sends their actions to the store, and remembers what only the
/// terminal needs: the selected row on each screen and the text being typed.
@MainActor
final class DemoRunner {
  let store: StoreOf<DemoApp>
  private let write: (String) -> Void
  /// Shows the text being typed: rewrites one line in a terminal, or writes a line.
  private let showTyping: (String) -> Void
  /// Ends the typing line, if ``showTyping`` left it open.
  private let endTyping: () -> Void
  private var tasks: [StoreTask] = []
  /// Tasks whose effects run until their screen closes: `wait` leaves them, `finish` closes
  /// their screens first.
  private var lastingTasks: [StoreTask] = []
  /// The selected row (0-based) on each screen with rows.
  private var selection: [Screen: Int] = [:]
  /// The text command being typed, and the text so far.
  private var typing: (command: DemoCommand, text: String)?

  /// A runner that writes lines with `write`; `showTyping` and `endTyping` draw the text being
  /// typed (by default as lines, too).
  init(
    store: StoreOf<DemoApp>, write: @escaping (String) -> Void,
    showTyping: ((String) -> Void)? = nil, endTyping: @escaping () -> Void = {}
  ) {
    self.store = store
    self.write = write
    self.showTyping = showTyping ?? write
    self.endTyping = endTyping
  }

  private var screen: Screen { store.state.screen }

  // MARK: Keys

  /// Handles one key press; returns `false` when the user quits.
  func handle(_ key: Key) async -> Bool {
    if typing != nil { return await type(key) }
    if key == .up || key == .down, CommandTable.hasRows(screen) {
      moveSelection(by: key == .up ? -1 : 1)
      return true
    }
    guard let command = CommandTable.command(for: key, on: screen) else {
      write("hint: \(key.label) does nothing on \(screenName); press ? for the keys")
      return true
    }
    switch command.argument {
    case .none:
      return await run(command, .none)
    case .row:
      return await run(command, .row(selectedRow()))
    case .text(let placeholder):
      typing = (command, "")
      write(
        command.sendsEachChange
          ? "\(command.word) \(placeholder): type it (each keystroke is sent), Enter or Esc to stop"
          : "\(command.word) \(placeholder): type it, Enter to finish, Esc to give up")
      return true
    }
  }

  private func type(_ key: Key) async -> Bool {
    guard let (command, text) = typing else { return true }
    switch key {
    case .character(let character):
      typing?.text.append(character)
    case .backspace:
      guard !text.isEmpty else { return true }
      typing?.text.removeLast()
    case .enter:
      typing = nil
      if command.sendsEachChange { return true }
      endTyping()
      return await run(command, .text(text))
    case .escape:
      typing = nil
      // Text sent as it was typed has nothing to give up.
      if command.sendsEachChange { return true }
      endTyping()
      write("(\(command.word): given up)")
      return true
    default:
      write("hint: while typing, Enter finishes and Esc gives up")
      return true
    }
    guard let typed = typing?.text else { return true }
    // A command that sends each change shows the text in its action's line instead.
    if command.sendsEachChange { return await run(command, .text(typed)) }
    showTyping("> \(typed)")
    return true
  }

  private func selectedRow() -> Int? {
    let count = store.state.rowTitles(of: screen).count
    guard count > 0, let selected = selection[screen] else { return nil }
    return min(selected, count - 1) + 1
  }

  private func moveSelection(by offset: Int) {
    let titles = store.state.rowTitles(of: screen)
    guard !titles.isEmpty else {
      write("hint: there are no rows to select")
      return
    }
    let current = selection[screen].map { min($0, titles.count - 1) } ?? titles.count - 1
    let next = max(0, min(titles.count - 1, current + offset))
    selection[screen] = next
    write("selected: \(next + 1). \(titles[next])")
  }

  // MARK: Lines

  /// Handles one line of piped input; returns `false` when the input asks to quit.
  func handle(line: String) async -> Bool {
    guard !line.trimmingWhitespace().isEmpty else { return true }
    guard let (command, input) = CommandTable.command(forLine: line, on: screen) else {
      write("hint: unknown command \"\(line.trimmingWhitespace())\" on \(screenName); type help")
      return true
    }
    return await run(command, input)
  }

  // MARK: Running

  private var screenName: String { screen == .menu ? "the menu" : "the \(screen.word) screen" }

  private func run(_ command: DemoCommand, _ input: DemoCommand.Input) async -> Bool {
    switch command.resolve(input, store.state) {
    case .send(let action):
      let before = screen
      let task = store.send(action)
      if command.keepsRunning { lastingTasks.append(task) } else { tasks.append(task) }
      if screen != before { write(CommandTable.help(on: screen)) }
    case .sendAndWait(let action):
      await store.send(action).finish()
    case .hint(let hint):
      write("hint: \(hint)")
    case .showHelp:
      write(CommandTable.help(on: screen))
    case .waitForEffects:
      for task in tasks { await task.finish() }
      tasks = []
    case .quit:
      return false
    }
    return true
  }

  /// Closes the pushed screens (their timers run until closed) and lets every other effect
  /// finish, such as a delayed +1.
  func finish() async {
    await store.send(.closeScreens).finish()
    for task in tasks + lastingTasks { await task.finish() }
    tasks = []
    lastingTasks = []
  }
}
