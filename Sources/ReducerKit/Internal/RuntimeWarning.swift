/// Reports a runtime warning: a clear message naming the action and the place.
///
/// This is the one function the library uses for misuse it can survive; it goes through
/// ``RuntimeWarnings`` (the public ``RuntimeWarning`` type and its handlers live in
/// `Debugging/RuntimeWarnings.swift`), and the testing module turns these warnings into test
/// failures while a TestStore is running.
@usableFromInline
package func runtimeWarn(
  _ message: @autoclosure () -> String, fileID: StaticString = #fileID, line: UInt = #line
) {
  RuntimeWarnings.report(
    RuntimeWarning(message: message(), fileID: "\(fileID)", line: line))
}
