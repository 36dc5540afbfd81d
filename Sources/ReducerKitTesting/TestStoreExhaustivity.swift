import ReducerKit

extension TestStore {
  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores the previous
  /// exhaustivity.
  ///
  /// ```swift
  /// store.withExhaustivity(.off) {
  ///   store.assert { $0.isLoading = false }  // only this field is checked
  /// }
  /// ```
  ///
  /// The previous exhaustivity is restored even when `operation` throws.
  ///
  /// - Parameters:
  ///   - exhaustivity: How strictly to check inside `operation`.
  ///   - operation: The assertions to make.
  public func withExhaustivity(
    _ exhaustivity: Exhaustivity,
    _ operation: () throws -> Void
  ) rethrows {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    try operation()
  }

  /// Runs the async `operation` with ``exhaustivity`` set to `exhaustivity`, then restores the
  /// previous exhaustivity.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refresh)
  ///   await store.receive(Feature.Action.loaded) { $0.isLoading = false }
  /// }
  /// ```
  ///
  /// The previous exhaustivity is restored even when `operation` throws.
  ///
  /// - Parameters:
  ///   - exhaustivity: How strictly to check inside `operation`.
  ///   - operation: The assertions to make.
  public func withExhaustivity(
    _ exhaustivity: Exhaustivity,
    _ operation: () async throws -> Void
  ) async rethrows {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    try await operation()
  }
}
