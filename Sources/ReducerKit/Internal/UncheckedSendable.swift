/// Carries a value that is not `Sendable` into a `@Sendable` closure.
///
/// Use it only where the value is created on the main actor and only ever used there (or only
/// copied, never shared, on the way); each use says why it is safe.
package struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The carried value.
  package let value: Value

  /// Wraps `value`.
  package init(_ value: Value) {
    self.value = value
  }
}
