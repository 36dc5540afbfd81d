/// What the user can type, as single keys in a terminal or as lines from a pipe.
enum Command: Equatable {
  case action(AppFeature.Action)
  case quit

  /// The command for a line of piped input, or `nil` for an unknown one.
  init?(line: String) {
    let words = line.trimmingWhitespace().lowercased().split(separator: " ").map(String.init)
    switch (words.first ?? "", words.count > 1 ? Int(words[1]) : nil) {
    case ("+", _): self = .action(.counter(.increment))
    case ("-", _): self = .action(.counter(.decrement))
    case ("delayed+", _): self = .action(.counter(.delayedIncrement))
    case ("delayed-", _): self = .action(.counter(.delayedDecrement))
    case ("cancel", _): self = .action(.counter(.cancelDelayed))
    case ("details", _): self = .action(.toggleDetails)
    case ("like", _): self = .action(.details(.likes(.increment)))
    case ("favorite", _): self = .action(.details(.toggleFavorite))
    case ("timer", _) where words.count == 1: self = .action(.addTimer)
    case ("toggle", let id?): self = .action(.timers(.element(id: id, action: .toggle)))
    case ("remove", let id?): self = .action(.removeTimer(id: id))
    case ("quit", _), ("q", _): self = .quit
    default: return nil
    }
  }

  /// The command for a key pressed in a terminal, or `nil` for an unknown one.
  init?(key: UInt8) {
    switch key {
    case UInt8(ascii: "+"), UInt8(ascii: "="): self = .action(.counter(.increment))
    case UInt8(ascii: "-"), UInt8(ascii: "_"): self = .action(.counter(.decrement))
    case UInt8(ascii: "]"): self = .action(.counter(.delayedIncrement))
    case UInt8(ascii: "["): self = .action(.counter(.delayedDecrement))
    case UInt8(ascii: "c"): self = .action(.counter(.cancelDelayed))
    case UInt8(ascii: "d"): self = .action(.toggleDetails)
    case UInt8(ascii: "l"): self = .action(.details(.likes(.increment)))
    case UInt8(ascii: "f"): self = .action(.details(.toggleFavorite))
    case UInt8(ascii: "t"): self = .action(.addTimer)
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      self = .action(.timers(.element(id: Int(key - UInt8(ascii: "0")), action: .toggle)))
    case UInt8(ascii: "q"), 4 /* Ctrl-D */: self = .quit
    default: return nil
    }
  }

  static let lineHint = """
    unknown command; type one of: +  -  delayed+  delayed-  cancel  details  like  favorite  \
    timer  toggle N  remove N  quit
    """
  static let keyHelp = """
    keys: + add 1 | - subtract 1 | ] +1 after 1 s | [ -1 after 0.5 s | c cancel delayed | \
    d details | l like | f favourite | t add timer | 1-9 start/stop timer | q quit
    """
  static let keyHint = "unknown key. " + keyHelp
}

extension String {
  func trimmingWhitespace() -> String {
    var slice = Substring(self)
    while slice.first?.isWhitespace == true { slice.removeFirst() }
    while slice.last?.isWhitespace == true { slice.removeLast() }
    return String(slice)
  }
}

extension String {
  /// This string with every occurrence of `target` replaced (no Foundation needed).
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.range(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
