import ReducerKit

/// Where a feature writes one line per action it handles: the console in the app, a list a test
/// reads in tests.
///
/// A dependency, so the demo prints each line and a test captures them:
///
/// ```swift
/// @Dependency(\.actionLogger) var logger
///
/// Reduce { state, action in
///   logger.log("\(action) → count \(state.count)")
///   return .none
/// }
/// ```
///
/// ```swift
/// let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
///   $0.actionLogger = ActionLogger { line in lines.append(line) }
/// }
/// ```
public struct ActionLogger: Sendable {
  /// Writes one line.
  ///
  /// ```swift
  /// logger.log("increment → count 1")
  /// ```
  public var log: @Sendable (_ line: String) -> Void

  /// Creates a logger that hands each line to `log`.
  ///
  /// ```swift
  /// let logger = ActionLogger { line in print("[counter] \(line)") }
  /// ```
  public init(log: @escaping @Sendable (_ line: String) -> Void) {
    self.log = log
  }

  /// A logger that prints each line to standard output.
  ///
  /// ```swift
  /// $0.actionLogger = .console
  /// ```
  public static let console = ActionLogger { line in print(line) }

  /// A logger that drops every line.
  ///
  /// ```swift
  /// $0.actionLogger = .silent   // a test that does not check the log
  /// ```
  public static let silent = ActionLogger { _ in }
}

extension ActionLogger: DependencyKey {
  /// Prints to standard output.
  public static let liveValue = ActionLogger.console

  /// Drops every line: a test that checks the log overrides it with a capturing logger.
  public static let testValue = ActionLogger.silent
}

extension DependencyValues {
  /// The logger features write their actions to.
  ///
  /// ```swift
  /// @Dependency(\.actionLogger) var logger
  /// ```
  public var actionLogger: ActionLogger {
    get { self[ActionLogger.self] }
    set { self[ActionLogger.self] = newValue }
  }
}
