import Foundation

@testable import ReducerKit

/// Runs `body` with a fresh in-memory storage, so `.inMemory` keys never meet another test's.
func withFreshSharedStorage<R>(_ body: () throws -> R) rethrows -> R {
  try withDependencies {
    $0.defaultInMemoryStorage = InMemoryStorage()
  } operation: {
    try body()
  }
}

/// Collects the runtime warnings whose message contains `marker` while `body` runs (task-local,
/// so warnings of tests running in parallel are not mixed in).
func sharingWarnings(
  containing marker: String, _ body: () throws -> Void
) rethrows -> [String] {
  let collected = Locked<[String]>([])
  let handler = RuntimeWarnings.TaskHandler { warning in
    guard warning.message.contains(marker) else { return false }
    collected.withLock { $0.append(warning.message) }
    return true
  }
  try RuntimeWarnings.$taskHandler.withValue(handler) { try body() }
  return collected.withLock { $0 }
}

/// A key whose load, subscription and saves a test drives by hand.
final class ManualKey: SharedKey, @unchecked Sendable {
  // Unchecked: every mutable field is behind `state`'s lock.
  struct State {
    var loadContinuations: [LoadContinuation<Int>] = []
    var subscriber: SharedSubscriber<Int>?
    var saves: [(Int, SaveContext)] = []
    var saveContinuations: [SaveContinuation] = []
    var cancelled = false
    var resumeSavesAtOnce = true
    var failSaves: (any Error)?
  }
  let name: String
  let state = Locked(State())

  init(_ name: String) { self.name = name }

  var id: String { name }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    state.withLock { $0.loadContinuations.append(continuation) }
  }

  func subscribe(
    context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
  ) -> SharedSubscription {
    state.withLock { $0.subscriber = subscriber }
    return SharedSubscription { [state] in state.withLock { $0.cancelled = true } }
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    let (atOnce, failure) = state.withLock { state in
      state.saves.append((value, context))
      return (state.resumeSavesAtOnce, state.failSaves)
    }
    if atOnce {
      if let failure { continuation.resume(throwing: failure) } else { continuation.resume() }
    } else {
      state.withLock { $0.saveContinuations.append(continuation) }
    }
  }
}

struct SharingTestError: Error, Equatable {
  var message = "failed"
}
