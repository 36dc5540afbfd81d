#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A runtime warning: misuse that a user can make at run time (an action for a child that is not
/// there, an effect error nobody caught, an unimplemented dependency).
///
/// ReducerKit never crashes on these; it reports them to the handlers installed with
/// ``RuntimeWarnings/addHandler(_:)``, and prints the ones no handler claims to standard error.
///
/// ```swift
/// RuntimeWarnings.addHandler { warning in
///   logger.warning("\(warning.message) (\(warning.fileID):\(warning.line))")
///   return true
/// }
/// ```
public struct RuntimeWarning: Sendable, Equatable {
  /// The human-readable message, naming the action and the place.
  ///
  /// ```swift
  /// print(warning.message)
  /// ```
  public var message: String
  /// The file (as `#fileID`, such as `"MyApp/Feature.swift"`) where the warning was raised, or
  /// where the user code that caused it is.
  ///
  /// ```swift
  /// print("\(warning.fileID):\(warning.line)")
  /// ```
  public var fileID: String
  /// The line in ``fileID``.
  ///
  /// ```swift
  /// print("\(warning.fileID):\(warning.line)")
  /// ```
  public var line: UInt

  /// Creates a warning, for example to test a handler.
  ///
  /// ```swift
  /// let warning = RuntimeWarning(message: "Oops", fileID: "MyApp/Feature.swift", line: 12)
  /// ```
  ///
  /// - Parameters:
  ///   - message: The human-readable message.
  ///   - fileID: The `#fileID` of the place.
  ///   - line: The line of the place.
  public init(message: String, fileID: String, line: UInt) {
    self.message = message
    self.fileID = fileID
    self.line = line
  }
}

/// Where runtime warnings go: install a handler to observe them (a test, an app's logger).
///
/// A warning goes first to the handler of the current task (a `TestStore`-driven store turns
/// warnings into test failures that way), then to every handler installed with
/// ``addHandler(_:)``. When no handler claims it (returns `true`), it is printed to standard
/// error.
///
/// ```swift
/// let id = RuntimeWarnings.addHandler { warning in
///   logger.warning("\(warning.message)")
///   return true  // claimed: not printed to standard error
/// }
/// // …
/// RuntimeWarnings.removeHandler(id)
/// ```
public enum RuntimeWarnings {
  /// A handler of runtime warnings; it returns `true` when it claims a warning (which is then
  /// not printed to standard error).
  ///
  /// ```swift
  /// let handler: RuntimeWarnings.Handler = { warning in
  ///   warning.message.contains("MyFeature")
  /// }
  /// ```
  public typealias Handler = @Sendable (RuntimeWarning) -> Bool

  /// Identifies a handler installed with ``addHandler(_:)``, to remove it.
  ///
  /// ```swift
  /// let id: RuntimeWarnings.HandlerID = RuntimeWarnings.addHandler { _ in false }
  /// RuntimeWarnings.removeHandler(id)
  /// ```
  public struct HandlerID: Hashable, Sendable {
    let rawValue: UInt64
  }

  // Two locks, each protecting its own table: the handlers, and the counter of handler ids.
  private static let handlers = Locked<[HandlerID: Handler]>([:])
  private static let nextID = Locked<UInt64>(0)

  /// Installs a handler that receives every runtime warning from now on, on whatever thread
  /// raised it.
  ///
  /// ```swift
  /// RuntimeWarnings.addHandler { warning in
  ///   logger.warning("\(warning.message) (\(warning.fileID):\(warning.line))")
  ///   return true
  /// }
  /// ```
  ///
  /// Every installed handler sees every warning (the current task's handler excepted: a warning
  /// it claims goes no further). A warning that no handler claims is printed to standard error.
  ///
  /// - Parameter handler: Gets each warning; returns `true` to claim it.
  /// - Returns: An id that ``removeHandler(_:)`` takes.
  @discardableResult
  public static func addHandler(
    _ handler: @escaping @Sendable (RuntimeWarning) -> Bool
  ) -> HandlerID {
    let id = nextID.withLock { id -> UInt64 in
      id += 1
      return id
    }
    let handlerID = HandlerID(rawValue: id)
    handlers.withLock { $0[handlerID] = handler }
    return handlerID
  }

  /// Removes a handler installed with ``addHandler(_:)``; removing it twice does nothing.
  ///
  /// ```swift
  /// let id = RuntimeWarnings.addHandler { _ in true }
  /// RuntimeWarnings.removeHandler(id)
  /// ```
  ///
  /// - Parameter id: The id ``addHandler(_:)`` returned.
  public static func removeHandler(_ id: HandlerID) {
    handlers.withLock { _ = $0.removeValue(forKey: id) }
  }

  /// A handler for the warnings raised by the current task and the tasks it starts: a TestStore
  /// sets it while it drives its store, so warnings become failures of the test that caused them
  /// and of no other test.
  @TaskLocal package static var taskHandler: TaskHandler?

  /// A task's warning handler, in a struct: a task-local whose type is an optional function
  /// crashes in `withValue` in a release build (`swift_task_localValuePush`, Swift 6.3.1 on
  /// Linux), where an optional struct works.
  package struct TaskHandler: Sendable {
    /// Handles a warning; returns `true` when it claimed it.
    package let handle: Handler

    package init(_ handle: @escaping Handler) {
      self.handle = handle
    }
  }

  /// Reports `warning`: to the current task's handler, to the installed handlers, or else to
  /// standard error.
  package static func report(_ warning: RuntimeWarning) {
    if let taskHandler, taskHandler.handle(warning) { return }
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
