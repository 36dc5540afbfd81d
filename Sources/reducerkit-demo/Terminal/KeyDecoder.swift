/// Turns the bytes a terminal sends into key presses: a pure state machine, fed one byte at a
/// time, with no I/O of its own (``InputReader`` feeds it).
///
/// Escape sequences come out as one key: `ESC [ A` is ``Key/up``; a sequence it does not know,
/// such as `ESC [ 1 5 ~` (F5), is one ``Key/unknown(_:)``. A lone Escape cannot be told from the
/// start of a sequence by its byte alone, so the reader calls ``flush()`` when no further byte
/// arrives soon after it.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed(0x1B)  // nil: a sequence may follow
/// decoder.feed(0x5B)  // nil
/// decoder.feed(0x41)  // .up
/// ```
struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  /// How many continuation bytes the UTF-8 character being read still needs.
  private var utf8Remaining = 0

  /// The longest escape sequence kept before it is given up as unknown.
  static let maximumSequenceLength = 16

  /// Whether bytes of an unfinished key are waiting (the reader then waits only briefly for the
  /// next byte before calling ``flush()``).
  var isPending: Bool { !pending.isEmpty }

  /// Takes the next byte; returns the key it completes, or `nil` while a key is still partial.
  mutating func feed(_ byte: UInt8) -> Key? {
    if utf8Remaining > 0 { return continueCharacter(byte) }
    if pending.isEmpty { return start(byte) }
    pending.append(byte)
    switch pending.count {
    case 2:
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "O"): return nil
      case 0x1B:
        // Escape pressed twice: the first is a key; the second may start a sequence.
        pending = [0x1B]
        return .escape
      default:
        // Alt and a key.
        return finish(name: "Alt-" + printable(byte))
      }
    default:
      if pending[1] == UInt8(ascii: "O") { return finishSS3(byte) }
      return continueCSI(byte)
    }
  }

  /// Input paused after a partial key: a lone Escape is the Escape key; any other partial
  /// sequence is an unknown key. Returns `nil` when nothing was pending.
  mutating func flush() -> Key? {
    defer {
      pending = []
      utf8Remaining = 0
    }
    if pending == [0x1B] { return .escape }
    if pending.isEmpty { return nil }
    return .unknown(pending.first == 0x1B ? "Esc sequence" : "a partial character")
  }

  private mutating func start(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x1B:
      pending = [byte]
      return nil
    case 0x0D, 0x0A: return .enter
    case 0x7F, 0x08: return .backspace
    case 0x09: return .tab
    case 0x01...0x1A: return .control(byte)
    case 0x20...0x7E: return .character(Character(UnicodeScalar(byte)))
    case 0xC2...0xDF: return beginCharacter(byte, continuationBytes: 1)
    case 0xE0...0xEF: return beginCharacter(byte, continuationBytes: 2)
    case 0xF0...0xF4: return beginCharacter(byte, continuationBytes: 3)
    default: return .unknown("byte \(byte)")
    }
  }

  private mutating func beginCharacter(_ byte: UInt8, continuationBytes: Int) -> Key? {
    pending = [byte]
    utf8Remaining = continuationBytes
    return nil
  }

  private mutating func continueCharacter(_ byte: UInt8) -> Key? {
    guard byte & 0xC0 == 0x80 else {
      // Not a continuation byte: drop the broken character, and read this byte afresh.
      pending = []
      utf8Remaining = 0
      return start(byte) ?? .unknown("a broken character")
    }
    pending.append(byte)
    utf8Remaining -= 1
    guard utf8Remaining == 0 else { return nil }
    let bytes = pending
    pending = []
    let text = String(decoding: bytes, as: UTF8.self)
    guard let character = text.first, text != "\u{FFFD}" else {
      return .unknown("a broken character")
    }
    return .character(character)
  }

  /// `ESC [`, parameters (`0`–`?`), intermediates (space–`/`), then a final byte (`@`–`~`).
  private mutating func continueCSI(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x20...0x3F:
      if pending.count >= Self.maximumSequenceLength { return finish(name: "Esc sequence") }
      return nil
    case UInt8(ascii: "A"): return finish(.up)
    case UInt8(ascii: "B"): return finish(.down)
    case UInt8(ascii: "C"): return finish(.right)
    case UInt8(ascii: "D"): return finish(.left)
    case 0x40...0x7E:
      return finish(name: "Esc [" + pending.dropFirst(2).map(printable).joined())
    default:
      // Not part of a sequence: give the sequence up, and read this byte afresh.
      pending = []
      return start(byte) ?? .unknown("Esc sequence")
    }
  }

  /// `ESC O` and one final byte: arrows in "application cursor" mode, F1–F4.
  private mutating func finishSS3(_ byte: UInt8) -> Key? {
    switch byte {
    case UInt8(ascii: "A"): return finish(.up)
    case UInt8(ascii: "B"): return finish(.down)
    case UInt8(ascii: "C"): return finish(.right)
    case UInt8(ascii: "D"): return finish(.left)
    default: return finish(name: "Esc O" + printable(byte))
    }
  }

  private mutating func finish(_ key: Key) -> Key {
    pending = []
    return key
  }

  private mutating func finish(name: String) -> Key {
    pending = []
    return .unknown(name)
  }

  private func printable(_ byte: UInt8) -> String {
    (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "\\(\(byte))"
  }
}
