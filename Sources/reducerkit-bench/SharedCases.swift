import Foundation
import Observation
import ReducerKit
import ReducerKitTesting

/// A counter with the same increment on a plain field and on a shared one.
struct BenchSharedCounter: Reducer {
  struct State {
    var count = 0
    @Shared(.inMemory("bench.count")) var shared = 0
  }
  enum Action { case incrementField, incrementShared }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementField: state.count += 1
    case .incrementShared: state.$shared.withLock { $0 += 1 }
    }
    return .none
  }
}

/// The shared-state cases of issue 41: a shared increment against a plain one, an observed
/// shared field against an observed plain one, making keys, and coalesced file writes.
@MainActor
func runSharedBenchmarks(sends: Int) async {
  // Both made the same way (a store made under `withDependencies` applies them around every
  // action, which the plain increment would not pay): the key is in the process's storage.
  let fieldStore = Store(initialState: BenchSharedCounter.State()) { BenchSharedCounter() }
  let sharedStore = Store(initialState: BenchSharedCounter.State()) { BenchSharedCounter() }
  harness.measureInterleaved([
    .whole("send.field", baseline: "send.none", operations: sends) {
      for _ in 0..<sends { fieldStore.send(.incrementField) }
      blackHole(fieldStore.withState(\.count))
    },
    .whole("send.shared", baseline: "send.field", operations: sends) {
      for _ in 0..<sends { sharedStore.send(.incrementShared) }
      blackHole(sharedStore.withState(\.shared))
    },
  ])

  // observe.field / observe.shared: one observer reads the field; each send changes it and
  // the observer is told (tracking again is not timed, as in observe.fields.100).
  func observedCase(
    _ name: String, baseline: String,
    store: Store<BenchSharedCounter.State, BenchSharedCounter.Action>,
    action: BenchSharedCounter.Action, read: @escaping () -> Void
  ) -> Harness.InterleavedCase {
    let operations = sends / 10
    return Harness.InterleavedCase(name: name, baseline: baseline, operations: operations) {
      timed in
      for _ in 0..<operations {
        withObservationTracking(read) {}
        timed { store.send(action) }
      }
    }
  }
  // Both with a storage of their own (so that the send cases' store is not told of these
  // changes), made the same way.
  let (observedField, observedShared) = withDependencies {
    $0.defaultInMemoryStorage = InMemoryStorage()
  } operation: {
    (
      Store(initialState: BenchSharedCounter.State()) { BenchSharedCounter() },
      Store(initialState: BenchSharedCounter.State()) { BenchSharedCounter() }
    )
  }
  harness.measureInterleaved([
    observedCase(
      "observe.field", baseline: "send.field", store: observedField, action: .incrementField,
      read: { _ = observedField.count }),
    observedCase(
      "observe.shared", baseline: "observe.field", store: observedShared,
      action: .incrementShared, read: { _ = observedShared.shared }),
  ])

  // shared.keys.1000 / 10000: make and read that many `.inMemory` keys, all kept alive.
  func makeKeys(_ count: Int) -> Harness.InterleavedCase {
    .whole(
      "shared.keys.\(count)", baseline: count == 1_000 ? nil : "shared.keys.1000",
      operations: count
    ) {
      withDependencies {
        $0.defaultInMemoryStorage = InMemoryStorage()
      } operation: {
        var kept: [Shared<Int>] = []
        kept.reserveCapacity(count)
        for index in 0..<count {
          let shared = Shared(wrappedValue: index, .inMemory("key.\(index)"))
          blackHole(shared.wrappedValue)
          kept.append(shared)
        }
        blackHole(kept.count)
      }
    }
  }
  harness.measureInterleaved([makeKeys(1_000), makeKeys(10_000)])

  // fileStorage.changes.1000: 1,000 changes within one second of clock time, then the clock
  // passes the second: the first write at once, one trailing write.
  let writes = Locked(0)
  let clock = TestClock()
  let files = FileStorage(
    identity: FileStorage.Identity(), writesAtOnce: false, read: { _ in nil },
    write: { _, _ in writes.withLock { $0 += 1 } }, moveAside: { _, _ in })
  let changed = withDependencies {
    $0.defaultFileStorage = files
    $0.continuousClock = clock
  } operation: {
    Shared(wrappedValue: 0, .fileStorage(URL(filePath: "/bench/count.json")))
  }
  for _ in 0..<1_000 { changed.withLock { $0 += 1 } }
  await clock.advance(by: .seconds(1))
  for _ in 0..<10_000 where writes.withLock({ $0 }) < 2 { await Task.yield() }
  // A quiet second with no change: no third write.
  await clock.advance(by: .seconds(1))
  for _ in 0..<1_000 { await Task.yield() }
  harness.reportCount(
    "fileStorage.changes.1000", writes.withLock { $0 }, unit: "file writes", target: "exactly 2")
}
