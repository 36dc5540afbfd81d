#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A runtime warning: misuse that a user can make at run time (an action for a child that is not
/// there, an effect error nobody caught). ReducerKit never crashes on these; it reports them here.
package struct RuntimeWarning: Sendable, Equatable {
  /// The human-readable message, naming the action and the place.
  package var message: String
  /// The file (as `#fileID`) where the warning was raised, or where the user code that caused it is.
  package var fileID: String
  /// The line matching ``fileID``.
  package var line: UInt
}

/// Where runtime warnings go. ReducerKitTesting installs a handler that turns them into test
/// failures while a TestStore drives a store; otherwise they are printed to standard error.
package enum RuntimeWarnings {
  /// A handler that claims a warning; it returns `true` when it handled it (no stderr output then).
  package typealias Handler = @Sendable (RuntimeWarning) -> Bool

  private static let handlers = Locked<[UInt64: Handler]>([:])
  private static let nextID = Locked<UInt64>(0)

  /// Installs `handler` and returns a token that removes it again.
  package static func addHandler(_ handler: @escaping Handler) -> UInt64 {
    let id = nextID.withLock { id -> UInt64 in
      id += 1
      return id
    }
    handlers.withLock { $0[id] = handler }
    return id
  }

  /// Removes a handler installed by ``addHandler(_:)``.
  package static func removeHandler(_ id: UInt64) {
    handlers.withLock { _ = $0.removeValue(forKey: id) }
  }

  /// A handler for the warnings raised by the current task and the tasks it starts: a TestStore
  /// sets it while it drives its store, so warnings become failures of the test that caused them
  /// and of no other test.
  @TaskLocal package static var taskHandler: Handler?

  /// Reports `warning`: to the current task's handler, to the installed handlers, or else to
  /// standard error.
  package static func report(_ warning: RuntimeWarning) {
    if let taskHandler, taskHandler(warning) { return }
    let current = handlers.withLock { Array($0.values) }
    var handled = false
    for handler in current where handler(warning) { handled = true }
    guard !handled else { return }
    let text = "[ReducerKit] warning: \(warning.message) (\(warning.fileID):\(warning.line))\n"
    // `stderr` is a C global that Swift 6 cannot prove safe; write to file descriptor 2.
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
  }
}

/// Reports a runtime warning: a clear message naming the action and the place.
///
/// This is the one function the library uses for misuse it can survive; the testing module turns
/// these warnings into test failures while a TestStore is running.
package func runtimeWarn(
  _ message: @autoclosure () -> String, fileID: StaticString = #fileID, line: UInt = #line
) {
  RuntimeWarnings.report(
    RuntimeWarning(message: message(), fileID: "\(fileID)", line: line))
}
