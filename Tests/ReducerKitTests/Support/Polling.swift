import Foundation

/// Polls `condition` on the main actor until it holds or the poll has waited `limit`, yielding
/// first (so work that only needs a turn of the main actor is seen at once) and then sleeping
/// briefly between checks. Returns whether the condition held.
///
/// For tests that wait for effects running on other threads to end, many times per test: it
/// costs a few microseconds when the work is already done, where ``eventually(_:)`` sleeps a
/// millisecond between checks.
///
/// `limit` bounds the time the poll waited, not the clock: each wait counts for at most
/// ``longestCountedWait``. Every test in the process shares the main actor, and one that holds it
/// for seconds (a long synchronous loop, slowed tenfold by a sanitizer) would otherwise use up
/// the bound of every poll waiting behind it, which then gives up as soon as it runs again, before
/// the work queued behind it has had its turn. (A condition that never holds still ends the poll,
/// after at most `limit` of waiting, or `limit` and a minute of the clock.)
@MainActor
func poll(
  upTo limit: Duration = .seconds(5), _ condition: @MainActor () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let start = clock.now
  var lastCheck = start
  var waited = Duration.zero
  var attempt = 0
  while !condition() {
    let now = clock.now
    waited += min(now - lastCheck, longestCountedWait)
    lastCheck = now
    guard waited < limit, now - start < limit + .seconds(60) else { return condition() }
    if attempt < 50 {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .microseconds(200))
    }
    attempt += 1
  }
  return true
}

/// The most one wait of ``poll(upTo:_:)`` counts for: far more than a sleep of the poll's (a few
/// hundred microseconds, a few milliseconds on a loaded machine), far less than a turn of the main
/// actor that another test held.
let longestCountedWait = Duration.milliseconds(50)
