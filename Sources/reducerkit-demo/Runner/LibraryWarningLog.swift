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
      let line =
        "ReducerKit library warning: \(warning.message) (\(warning.fileID):\(warning.line))\n"
      if interactive {
        append(line)
      } else {
        FileHandle.standardError.write(Data(line.utf8))
      }
      return true
    }
  }

  private static func append(_ line: String) {
    if let handle = try? FileHandle(forWritingTo: fileURL) {
      handle.seekToEndOfFile()
      handle.write(Data(line.utf8))
      try? handle.close()
    } else {
      try? Data(line.utf8).write(to: fileURL)
    }
  }
}
