import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Standard input as a stream of commands, read on a thread of its own so the main actor stays
/// free to run the store and its effects.
enum Terminal {
  /// Whether standard input is an interactive terminal.
  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

  /// Reads single key presses (raw mode) until end of input. Restore the terminal with
  /// ``restore()``.
  static func keys() -> AsyncStream<UInt8> {
    enableRawMode()
    let (stream, continuation) = AsyncStream<UInt8>.makeStream()
    let thread = Thread {
      var byte: UInt8 = 0
      while read(STDIN_FILENO, &byte, 1) == 1 {
        continuation.yield(byte)
      }
      continuation.finish()
    }
    thread.start()
    return stream
  }

  /// Reads lines until end of input.
  static func lines() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream<String>.makeStream()
    let thread = Thread {
      while let line = readLine() {
        continuation.yield(line)
      }
      continuation.finish()
    }
    thread.start()
    return stream
  }

  private nonisolated(unsafe) static var savedAttributes: termios?

  private static func enableRawMode() {
    var attributes = termios()
    guard tcgetattr(STDIN_FILENO, &attributes) == 0 else { return }
    savedAttributes = attributes
    attributes.c_lflag &= ~tcflag_t(ICANON | ECHO)
    tcsetattr(STDIN_FILENO, TCSANOW, &attributes)
  }

  /// Puts the terminal back the way it was.
  static func restore() {
    guard var attributes = savedAttributes else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, &attributes)
  }
}
