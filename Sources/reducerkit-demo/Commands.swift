/// What the user can type, as single keys in a terminal or as lines from a pipe.
enum Command: Equatable {
  case action(AppFeature.Action)
  /// An inventory command, turned into an action against the current state.
  case inventory(InventoryCommand)
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
    case ("add", _): self = .inventory(.add)
    case ("name", _) where words.count > 1:
      // The name as typed (case kept), after the command word.
      let typed = line.trimmingWhitespace()
      self = .inventory(.name(String(typed.dropFirst(4)).trimmingWhitespace()))
    case ("more", _): self = .inventory(.moreQuantity)
    case ("less", _): self = .inventory(.lessQuantity)
    case ("save", _): self = .inventory(.save)
    case ("discard", _): self = .inventory(.discard)
    case ("delete", let row): self = .inventory(.delete(row))
    case ("confirm", _): self = .inventory(.confirm)
    case ("keep", _): self = .inventory(.keep)
    case ("open", let row): self = .inventory(.open(row))
    case ("back", _): self = .inventory(.back)
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
    case UInt8(ascii: "a"): self = .inventory(.add)
    case UInt8(ascii: "."): self = .inventory(.moreQuantity)
    case UInt8(ascii: ","): self = .inventory(.lessQuantity)
    case UInt8(ascii: "s"): self = .inventory(.save)
    case UInt8(ascii: "x"): self = .inventory(.discard)
    case UInt8(ascii: "k"): self = .inventory(.delete(nil))
    case UInt8(ascii: "y"): self = .inventory(.confirm)
    case UInt8(ascii: "n"): self = .inventory(.keep)
    case UInt8(ascii: "o"): self = .inventory(.open(nil))
    case UInt8(ascii: "b"): self = .inventory(.back)
    case UInt8(ascii: "q"), 4 /* Ctrl-D */: self = .quit
    default: return nil
    }
  }

  static let lineHint = """
    unknown command; type one of: +  -  delayed+  delayed-  cancel  details  like  favorite  \
    timer  toggle N  remove N  add  name TEXT  more  less  save  discard  delete N  confirm  \
    keep  open N  back  quit
    """
  static let keyHelp = """
    keys: + add 1 | - subtract 1 | ] +1 after 1 s | [ -1 after 0.5 s | c cancel delayed | \
    d details | l like | f favourite | t add timer | 1-9 start/stop timer | \
    inventory: a add | . / , more / less | s save | x discard | k delete last | y confirm | \
    n keep | o open last | b back | q quit
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
