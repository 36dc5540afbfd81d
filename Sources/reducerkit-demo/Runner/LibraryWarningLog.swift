import Foundation
import ReducerKit

/// Keeps ReducerKit's runtime warnings off the demo's screen. The demo only sends actions that
/// make sense in the current state, so none should happen; if one does, it goes to a log file
/// (interactive) or to one labelled line on standard error (piped), never among the output.
enum LibraryWarningLog {
  /// Where warnings go in a terminal session.
  static let fileURL = FileManager.default.temporaryDirectory
    .appendingPathComponent("reducerkit-demo-library-warnings.log")

  /// Installs the handler that claims every warning.
  static func install(interactive: Bool) {
    RuntimeWarnings.addHandler { warning in
      route(warning, interactive: interactive)
      return true
    }
  }

  /// The line a warning is written as: it says it comes from the library.
  static func line(for warning: RuntimeWarning) -> String {
    "ReducerKit library warning: \(warning.message) (\(warning.fileID):\(warning.line))"
  }

  /// Writes the warning to `logFile` (interactive) or to `standardError` (piped).
  static func route(
    _ warning: RuntimeWarning, interactive: Bool, logFile: URL = fileURL,
    standardError: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) {
    let text = line(for: warning) + "\n"
    if interactive { append(text, to: logFile) } else { standardError(text) }
  }

  private static func append(_ text: String, to file: URL) {
    if let handle = try? FileHandle(forWritingTo: file) {
      handle.seekToEndOfFile()
      handle.write(Data(text.utf8))
      try? handle.close()
    } else {
      try? Data(text.utf8).write(to: file)
    }
  }
}
