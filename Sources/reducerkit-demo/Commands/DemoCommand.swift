/// One thing the user can do on a screen: the same command as a key in a terminal and as a word
/// on a line of piped input, with the help text both modes show.
struct DemoCommand {
  /// What the command needs besides its word.
  enum Argument: Equatable, Sendable {
    case none
    /// A row number (`delete 2`); keys use the selected row (↑/↓), lines the last row if none.
    case row
    /// Text (`add Buy milk`); a key asks for it, with Enter to finish and Esc to give up.
    case text(placeholder: String)
  }

  /// What the user gave with the command.
  enum Input: Equatable, Sendable {
    case none
    /// A 1-based row, or `nil` for "the selected row, else the last".
    case row(Int?)
    case text(String)
  }

  /// What running the command comes to.
  enum Outcome: Equatable {
    /// Send the action.
    case send(DemoApp.Action)
    /// Send the action and let its effects finish before reading more input: the action closes
    /// a screen with a short effect (`dismiss()`), and the next command must see it closed.
    case sendAndWait(DemoApp.Action)
    /// Send nothing: the command makes no sense in this state, and this says why.
    case hint(String)
    case showHelp
    /// Wait until the effects started so far have finished (those that run until their screen
    /// closes aside), so the next line sees their answers.
    case waitForEffects
    case quit
  }

  /// The keys that run the command in a terminal (the first is the one help shows).
  var keys: [Key]
  /// The word that runs it on a line.
  var word: String
  var argument: Argument = .none
  /// What it does, for help.
  var help: String
  /// Decides, from the state, what the command does.
  var resolve: @MainActor (Input, DemoApp.State) -> Outcome
  /// For a text command: an action for every change while the text is typed (the search query,
  /// sent on each keystroke), instead of one when it is finished.
  var sendsEachChange: Bool = false
  /// Whether the command starts an effect that runs until its screen closes (a detail screen's
  /// timer), which `wait` does not wait for.
  var keepsRunning: Bool = false

  /// How help writes the command: `]  delayed+  +1 after 1 s`, `k  delete N  …`.
  var helpLine: String {
    let keyLabels = keys.map(\.label).joined(separator: " ")
    var usage = word
    switch argument {
    case .none: break
    case .row: usage += " N"
    case .text(let placeholder): usage += " " + placeholder
    }
    return
      "\(keyLabels.padded(to: 10)) \(usage.padded(to: 14)) \(help)"
  }
}

extension String {
  /// The string with spaces after it up to `width` characters.
  func padded(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }

  /// The string without leading and trailing whitespace (no Foundation needed).
  func trimmingWhitespace() -> String {
    var slice = Substring(self)
    while slice.first?.isWhitespace == true { slice.removeFirst() }
    while slice.last?.isWhitespace == true { slice.removeLast() }
    return String(slice)
  }
}

extension DemoCommand {
  /// The 0-based index of the row the input names (`nil` means the last row), or the hint to show
  /// when there is no such row.
  static func rowIndex(_ input: Input, count: Int, empty: String) -> Result<Int, RowHint> {
    guard count > 0 else { return .failure(RowHint(text: empty)) }
    guard case .row(let row) = input, let row else { return .success(count - 1) }
    guard (1...count).contains(row) else {
      return .failure(RowHint(text: "there is no row \(row); rows are 1 to \(count)"))
    }
    return .success(row - 1)
  }

  /// The text given, or the hint to show when there is none.
  static func text(_ input: Input, asking placeholder: String) -> String? {
    guard case .text(let text) = input, !text.trimmingWhitespace().isEmpty else { return nil }
    return text.trimmingWhitespace()
  }
}

/// Why a row command does nothing.
struct RowHint: Error, Equatable {
  let text: String
}

extension Result where Success == Int, Failure == RowHint {
  /// The outcome for the row, or the hint.
  func outcome(_ body: (Int) -> DemoCommand.Outcome) -> DemoCommand.Outcome {
    switch self {
    case .success(let index): body(index)
    case .failure(let hint): .hint(hint.text)
    }
  }
}
