/// Which value an unset dependency resolves to: the live one, or the test one.
///
/// A fresh ``DependencyValues`` is in the live context. The test store switches its values to the
/// test context, where a dependency that nobody overrode resolves to its key's
/// ``DependencyKey/testValue`` instead of its ``DependencyKey/liveValue``:
///
/// ```swift
/// var values = DependencyValues()
/// values.context = .test
/// let uuid = values.uuid  // the unimplemented generator: it reports when it is used
/// ```
package enum DependencyContext: Sendable {
  /// Unset dependencies resolve to their ``DependencyKey/liveValue``.
  case live
  /// Unset dependencies resolve to their ``DependencyKey/testValue``.
  case test
}

/// The test values resolved in one test context, shared by every copy of the
/// ``DependencyValues`` that started that context.
///
/// Caching them gives a test one value per dependency (an `.incrementing` generator keeps
/// counting, an unimplemented clock reports once) and reports a key without a test value once per
/// test rather than on every read.
@usableFromInline final class TestValueCache: Sendable {
  /// Resolved test values keyed by `ObjectIdentifier(Key.self)`.
  private let values = Locked<[ObjectIdentifier: any Sendable]>([:])

  /// Returns the cached test value for `key`, resolving and caching it on first use.
  func value<Key: DependencyKey>(
    for key: Key.Type, resolution: DependencyResolution
  ) -> Key.Value {
    let id = ObjectIdentifier(key)
    if let cached = values.withLock({ $0[id] }) as? Key.Value { return cached }
    // Resolve outside the lock: a test value may itself read dependencies or report warnings.
    let resolved = DependencyResolution.$current.withValue(resolution) { Key.testValue }
    return values.withLock { values in
      // Another task may have resolved the same key meanwhile: keep the first value.
      if let cached = values[id] as? Key.Value { return cached }
      values[id] = resolved
      return resolved
    }
  }
}
