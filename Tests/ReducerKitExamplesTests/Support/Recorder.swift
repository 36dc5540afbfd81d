import Foundation

/// A value that effects (on any task) append to and a test reads: what a dependency was given.
///
/// `@unchecked Sendable`: the lock protects `values`, the only mutable state.
final class Recorder<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Value] = []

  /// Adds a value.
  func record(_ value: Value) {
    lock.withLock { values.append(value) }
  }

  /// What was recorded so far, in order.
  var recorded: [Value] {
    lock.withLock { values }
  }
}
