/// What the user can type, as single keys in a terminal or as lines from a pipe.
enum Command: Equatable {
  case action(CounterFeature.Action)
  case quit

  /// The command for a line of piped input, or `nil` for an unknown one.
  init?(line: String) {
    switch line.trimmingWhitespace().lowercased() {
    case "+": self = .action(.increment)
    case "-": self = .action(.decrement)
    case "delayed+": self = .action(.delayedIncrement)
    case "delayed-": self = .action(.delayedDecrement)
    case "cancel": self = .action(.cancelDelayed)
    case "quit", "q": self = .quit
    default: return nil
    }
  }

  /// The command for a key pressed in a terminal, or `nil` for an unknown one.
  init?(key: UInt8) {
    switch key {
    case UInt8(ascii: "+"), UInt8(ascii: "="): self = .action(.increment)
    case UInt8(ascii: "-"), UInt8(ascii: "_"): self = .action(.decrement)
    case UInt8(ascii: "]"): self = .action(.delayedIncrement)
    case UInt8(ascii: "["): self = .action(.delayedDecrement)
    case UInt8(ascii: "c"): self = .action(.cancelDelayed)
    case UInt8(ascii: "q"), 4 /* Ctrl-D */: self = .quit
    default: return nil
    }
  }

  static let lineHint =
    "unknown command; type one of: +  -  delayed+  delayed-  cancel  quit"
  static let keyHint =
    "unknown key; press + (add 1), - (subtract 1), ] (+1 after 1 s), [ (-1 after 0.5 s), c (cancel delayed), q (quit)"
}

extension String {
  func trimmingWhitespace() -> String {
    var slice = Substring(self)
    while slice.first?.isWhitespace == true { slice.removeFirst() }
    while slice.last?.isWhitespace == true { slice.removeLast() }
    return String(slice)
  }
}
