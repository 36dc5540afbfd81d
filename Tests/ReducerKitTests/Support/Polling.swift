import Foundation

/// Polls `condition` on the main actor until it holds or `limit` has passed, yielding first (so
/// work that only needs a turn of the main actor is seen at once) and then sleeping briefly
/// between checks. Returns whether the condition held.
///
/// For tests that wait for effects running on other threads to end, many times per test: it
/// costs a few microseconds when the work is already done, where ``eventually(_:)`` sleeps a
/// millisecond between checks.
@MainActor
func poll(
  upTo limit: Duration = .seconds(5), _ condition: @MainActor () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  var attempt = 0
  while !condition() {
    guard clock.now < deadline else { return condition() }
    if attempt < 50 {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .microseconds(200))
    }
    attempt += 1
  }
  return true
}
