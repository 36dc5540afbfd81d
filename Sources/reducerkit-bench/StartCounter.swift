import ReducerKit

/// Counts effects as they start, from any thread, and resumes a waiter when a given count is
/// reached: `effects.start.10000` waits on it, suspended, instead of spinning on the main actor
/// (which on a 2-core machine would take a core from the effects it waits for).
///
/// All its state is in ReducerKit's `Locked` box, so the class is plainly `Sendable`.
final class StartCounter: Sendable {
  private struct Count {
    var count = 0
    var target = Int.max
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Locked(Count())

  /// Sets the count back to zero, for the next round.
  func reset() {
    state.withLock { $0 = Count() }
  }

  /// Counts one start.
  func increment() {
    let resumed = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.count += 1
      guard state.count == state.target else { return nil }
      defer { state.waiter = nil }
      return state.waiter
    }
    resumed?.resume()
  }

  /// Returns once `target` starts have been counted.
  func wait(until target: Int) async {
    await withCheckedContinuation { continuation in
      let isReached = state.withLock { state -> Bool in
        if state.count >= target { return true }
        state.target = target
        state.waiter = continuation
        return false
      }
      if isReached { continuation.resume() }
    }
  }
}
