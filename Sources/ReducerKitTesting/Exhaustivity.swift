/// How strictly a ``TestStore`` checks a test.
///
/// ```swift
/// store.exhaustivity = .off
/// await store.send(.refresh)            // no need to assert every state change
/// await store.receive(Action.loaded) {  // only the fields you care about
///   $0.isLoading = false
/// }
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, every received action and every effect must be asserted (the default).
  case on
  /// Only what a test asserts is checked; unasserted state changes, received actions and effects
  /// still running at the end are not failures. With `showSkippedAssertions`, what was skipped is
  /// reported as expected (known) issues, visible but not failing.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without reporting what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}
