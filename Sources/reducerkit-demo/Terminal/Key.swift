/// One key press, as the terminal sends it: a character, or a whole escape sequence (an arrow
/// key is three bytes, `ESC [ A`, but one key).
enum Key: Hashable, Sendable {
  /// A printable character (ASCII or a whole UTF-8 sequence).
  case character(Character)
  case up, down, left, right
  case enter, escape, backspace, tab
  /// Ctrl and a letter: `control(4)` is Ctrl-D.
  case control(UInt8)
  /// An escape sequence the demo has no use for (a function key, Home, Alt and a letter), kept
  /// whole so its bytes never turn into other commands. The text names it for the hint.
  case unknown(String)

  /// How the key is written in help and hints: `+`, `↑`, `Esc`.
  var label: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .enter: "Enter"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .tab: "Tab"
    case .control(let code): "Ctrl-" + String(UnicodeScalar(code + 64))
    case .unknown(let name): name
    }
  }
}
