/// Reports an issue: a runtime warning, and a test failure while a `TestStore` drives the
/// store whose reducer or effect reported it.
///
/// Use it in your own code for a situation that should never happen but can be survived, so
/// that tests catch it and apps keep running:
///
/// ```swift
/// case let .rowTapped(id):
///   guard let row = state.rows[id: id] else {
///     reportIssue("Tapped a row that is not in the list: \(id)")
///     return .none
///   }
/// ```
///
/// Outside a test the issue goes to the handlers installed with
/// ``RuntimeWarnings/addHandler(_:)``, or, when none claims it, to standard error.
///
/// - Parameters:
///   - message: What went wrong.
///   - fileID: The file to report it at; the caller's by default.
///   - line: The line to report it at; the caller's by default.
public func reportIssue(_ message: String, fileID: StaticString = #fileID, line: UInt = #line) {
  runtimeWarn(message, fileID: fileID, line: line)
}
