import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The terminal's mode: single keys without echo while the demo runs, and the user's own
/// settings back afterwards — on a normal exit, and on Ctrl-C (SIGINT), SIGTERM and SIGHUP.
enum Terminal {
  /// Whether standard input is an interactive terminal.
  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

  /// Switches to single-key input without echo, and arranges for the settings to come back
  /// however the process ends. Does nothing when standard input is not a terminal.
  static func enterKeyMode() {
    var attributes = termios()
    guard tcgetattr(STDIN_FILENO, &attributes) == 0 else { return }
    TerminalSettings.saved.pointee = attributes
    TerminalSettings.isSaved = true
    // Ctrl-C still raises SIGINT (ISIG stays on); the handler below puts the settings back first.
    attributes.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &attributes.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      installRestoringHandler(for: signal)
    }
    atexit { TerminalSettings.restore() }
    tcsetattr(STDIN_FILENO, TCSANOW, &attributes)
  }

  /// Puts the terminal back the way it was before ``enterKeyMode()``.
  static func restore() {
    TerminalSettings.restore()
  }

  /// `signal` rather than `sigaction`: the handler needs no flags or mask, and `sigaction`'s
  /// handler field is spelled differently by Glibc, Musl and Darwin.
  private static func installRestoringHandler(for signalNumber: Int32) {
    _ = signal(signalNumber, restoreAndRaise)
  }
}

/// The settings to restore, kept where a signal handler can reach them without allocating or
/// locking: written once before any handler is installed, then only read.
///
/// In memory allocated for the C struct rather than in a Swift global of the imported type:
/// AddressSanitizer reported the 60-byte copy of the settings into such a global as overflowing it.
private enum TerminalSettings {
  nonisolated(unsafe) static let saved: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
  }()
  nonisolated(unsafe) static var isSaved = false

  /// Async-signal-safe: `tcsetattr` only (the pointer was made before any handler was installed).
  static func restore() {
    guard isSaved else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, saved)
  }
}

/// A signal handler: the terminal's settings back, a new line, then the signal's default action
/// (so the shell sees the process end the way it asked, e.g. 130 for Ctrl-C).
private func restoreAndRaise(_ signalNumber: Int32) {
  TerminalSettings.restore()
  var newline = UInt8(ascii: "\n")
  _ = write(STDOUT_FILENO, &newline, 1)
  signal(signalNumber, SIG_DFL)
  raise(signalNumber)
}
