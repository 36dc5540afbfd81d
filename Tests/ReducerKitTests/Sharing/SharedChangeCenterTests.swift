import Foundation
import Observation
import Testing

@testable import ReducerKit

/// A store's observer of a shared field is told of a change by any route.
@MainActor @Suite struct SharedChangeCenterTests {
  /// Whether reading `read` inside observation tracking is followed by a change notification
  /// while `change` runs.
  func notifies(_ read: () -> Void, when change: () -> Void) -> Bool {
    let fired = Locked(false)
    withObservationTracking(read) { fired.withLock { $0 = true } }
    change()
    return fired.withLock { $0 }
  }

  @Test func anObserverIsToldWhenItsOwnStoreChangesTheValue() {
    withFreshSharedStorage {
      let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
      #expect(notifies({ _ = store.count }, when: { store.send(.increment) }))
      #expect(store.count == 1)
    }
  }

  @Test
  func anObserverIsToldWhenAnotherStoreChangesTheValue() {
    withFreshSharedStorage {
      let first = Store(initialState: SharedCounter.State()) { SharedCounter() }
      let second = Store(initialState: SharedCounter.State()) { SharedCounter() }
      #expect(notifies({ _ = second.count }, when: { first.send(.increment) }))
      #expect(second.count == 1)
    }
  }

  /// A weak reference another thread hands back.
  final class WeakStorage: Sendable {
    weak let storage: InMemoryStorage?
    init(_ storage: InMemoryStorage) { self.storage = storage }
  }

  @Test func aChangeHandedOnInATaskKeepsNothingOfTheCodeThatMadeIt() {
    // Another thread changes a value inside `withDependencies` while this test holds the main
    // actor (it does not suspend), so the task that hands the change on cannot have run yet. It
    // must not keep that code's dependencies: the storage, and the root the storage keeps.
    let handedBack = Locked<WeakStorage?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      do {
        let storage = InMemoryStorage()
        handedBack.withLock { $0 = WeakStorage(storage) }
        withDependencies {
          $0.defaultInMemoryStorage = storage
        } operation: {
          let count = Shared(wrappedValue: 0, .inMemory("handed-on"))
          count.withLock { $0 = 1 }
        }
      }
      done.signal()
    }
    done.wait()
    let weak = handedBack.withLock { $0 }
    #expect(weak != nil)
    #expect(weak?.storage == nil)
  }

  @Test func anObserverIsToldOfAChangeMadeOutsideAnyStore() async {
    let (store, count) = withFreshSharedStorage {
      (
        Store(initialState: SharedCounter.State()) { SharedCounter() },
        Shared(wrappedValue: 0, .inMemory("count"))
      )
    }
    #expect(await isTold({ _ = store.count }, when: { count.withLock { $0 = 7 } }))
    #expect(store.count == 7)
  }

  /// Whether reading `read` inside observation tracking is followed by a change notification
  /// once `change` (made outside any store) is handed on: on the main thread at once; where the
  /// main actor runs elsewhere (Swift Testing on Linux), in a task on the main actor.
  func isTold(_ read: () -> Void, when change: () -> Void) async -> Bool {
    let fired = Locked(false)
    withObservationTracking(read) { fired.withLock { $0 = true } }
    change()
    for _ in 0..<1_000 where !fired.withLock({ $0 }) { await Task.yield() }
    return fired.withLock { $0 }
  }

  @Test func anObserverIsToldWhenTheFileOnDiskIsChangedByAnotherProcess() async throws {
    struct Settings: Reducer {
      struct State {
        @Shared var volume: Int
      }
      enum Action { case refresh }
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "reducerkit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appending(component: "volume.json")
    let store = withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      Store(initialState: Settings.State(volume: Shared(wrappedValue: 3, .fileStorage(url)))) {
        Settings()
      }
    }
    let fired = Locked(false)
    withObservationTracking {
      _ = store.volume
    } onChange: {
      fired.withLock { $0 = true }
    }
    try Data("11".utf8).write(to: url, options: .atomic)
    #expect(await poll(upTo: .seconds(10)) { fired.withLock { $0 } })
    #expect(store.volume == 11)
  }

  @Test func anObserverIsNotToldOfAChangeToAnotherField() {
    withFreshSharedStorage {
      let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
      #expect(!notifies({ _ = store.count }, when: { store.send(.bumpOther) }))
    }
  }

  @Test func anObserverIsToldOfAChangeAnEffectMadeOnAnotherThread() async {
    let store = withFreshSharedStorage {
      Store(initialState: SharedCounter.State()) { SharedCounter() }
    }
    let fired = Locked(false)
    withObservationTracking {
      _ = store.count
    } onChange: {
      fired.withLock { $0 = true }
    }
    await store.send(.incrementLater).finish()
    // The effect ran off the main actor: the stores are told in a task on the main actor.
    for _ in 0..<1_000 where !fired.withLock({ $0 }) { await Task.yield() }
    #expect(fired.withLock { $0 })
    #expect(store.count == 1)
  }

  /// Reads `store.states` until two states came; their counts go into `received`.
  func firstTwoCounts(
    of store: Store<SharedCounter.State, SharedCounter.Action>
  ) -> (received: Locked<[Int]>, reading: Task<Void, Never>) {
    let received = Locked<[Int]>([])
    let reading = Task { @MainActor in
      for await state in store.states {
        let count = received.withLock { counts in
          counts.append(state.count)
          return counts.count
        }
        if count == 2 { break }
      }
    }
    return (received, reading)
  }

  @Test func aStreamOfStatesGetsAStateWhenASharedValueChanges() async {
    let store = withFreshSharedStorage {
      Store(initialState: SharedCounter.State()) { SharedCounter() }
    }
    let (received, reading) = firstTwoCounts(of: store)
    for _ in 0..<1_000 where received.withLock({ $0.isEmpty }) { await Task.yield() }
    store.withState { $0.$count }.withLock { $0 = 5 }
    await reading.value
    #expect(received.withLock { $0 } == [0, 5])
  }

  @Test func aStreamGetsNoStateWhenAnotherStoresSharedValueChanges() async {
    let store = withFreshSharedStorage {
      Store(initialState: SharedCounter.State()) { SharedCounter() }
    }
    let other = withFreshSharedStorage {
      Store(initialState: SharedCounter.State()) { SharedCounter() }
    }
    let (received, reading) = firstTwoCounts(of: store)
    for _ in 0..<1_000 where received.withLock({ $0.isEmpty }) { await Task.yield() }
    // Another storage's "count": told to every store, but not a change of this one's.
    other.send(.increment)
    store.send(.bumpOther)
    await reading.value
    #expect(received.withLock { $0 } == [0, 0])
    #expect(store.other == 1)
  }

  /// A subscriber that counts how often it was told.
  final class CountingSubscriber: SharedChangeCenter.Subscriber {
    var rechecks = 0
    func recheckSharedValues() { rechecks += 1 }
  }

  @Test func aStoreRegisteredForOneRootIsToldOfItsChangesOnlyAndOnce() {
    withFreshSharedStorage {
      let count = Shared(wrappedValue: 0, .inMemory("count"))
      let other = Shared(wrappedValue: 0, .inMemory("other"))
      SharedChangeCenter.flush()  // their first loads
      let subscriber = CountingSubscriber()
      SharedChangeCenter.register(subscriber, for: count.snapshotRoot)
      SharedChangeCenter.register(subscriber, for: count.snapshotRoot)  // once is enough
      #expect(SharedChangeCenter.subscriberCount(for: count.snapshotRoot) == 1)
      #expect(SharedChangeCenter.subscriberCount(for: other.snapshotRoot) == 0)
      // Flushed here: where the main actor is not on the main thread (Swift Testing on Linux),
      // a change is otherwise handed on in a task.
      other.withLock { $0 += 1 }
      SharedChangeCenter.flush()
      #expect(subscriber.rechecks == 0)
      count.withLock { $0 += 1 }
      SharedChangeCenter.flush()
      #expect(subscriber.rechecks == 1)
      // Registered for both, and for every change: one recheck a change still.
      SharedChangeCenter.register(subscriber, for: other.snapshotRoot)
      SharedChangeCenter.register(subscriber)
      other.withLock { $0 += 1 }
      SharedChangeCenter.flush()
      #expect(subscriber.rechecks == 2)
    }
  }

  /// A subscriber that runs `whenTold` each time it is told.
  final class ActingSubscriber: SharedChangeCenter.Subscriber {
    var rechecks = 0
    let whenTold: (Int) -> Void
    init(whenTold: @escaping (Int) -> Void) { self.whenTold = whenTold }
    func recheckSharedValues() {
      rechecks += 1
      whenTold(rechecks)
    }
  }

  @Test func aSecondChangeToARootMadeWhileItsStoresAreToldIsHandedOnToo() {
    withFreshSharedStorage {
      let count = Shared(wrappedValue: 0, .inMemory("count"))
      SharedChangeCenter.flush()  // its first load
      // Told of the first change, it makes another: it must hear of that one as well.
      let subscriber = ActingSubscriber { told in
        if told == 1 { count.withLock { $0 += 1 } }
      }
      SharedChangeCenter.register(subscriber, for: count.snapshotRoot)
      count.withLock { $0 += 1 }
      SharedChangeCenter.flush()
      #expect(subscriber.rechecks == 2)
      #expect(count.wrappedValue == 2)
    }
  }

  @Test func aSendEndingWhileStoresAreToldLeavesTheFlushUnderWayToFinish() {
    withFreshSharedStorage {
      let first = Shared(wrappedValue: 0, .inMemory("first"))
      let second = Shared(wrappedValue: 0, .inMemory("second"))
      let third = Shared(wrappedValue: 0, .inMemory("third"))
      SharedChangeCenter.flush()  // their first loads
      // Told of `first`, it sends (an observer that sends an action), changing `third`.
      let sender = ActingSubscriber { told in
        guard told == 1 else { return }
        SharedChangeCenter.beginSend()
        third.withLock { $0 += 1 }
        SharedChangeCenter.endSend()
      }
      let secondWatcher = CountingSubscriber()
      let thirdWatcher = CountingSubscriber()
      SharedChangeCenter.register(sender, for: first.snapshotRoot)
      SharedChangeCenter.register(secondWatcher, for: second.snapshotRoot)
      SharedChangeCenter.register(thirdWatcher, for: third.snapshotRoot)
      SharedChangeCenter.beginSend()
      first.withLock { $0 += 1 }
      second.withLock { $0 += 1 }
      // Each is told once: the inner send's end does not start a flush over the outer one.
      SharedChangeCenter.endSend()
      let rechecks: [Int] = [sender.rechecks, secondWatcher.rechecks, thirdWatcher.rechecks]
      #expect(rechecks == [1, 1, 1])
    }
  }

  @Test func aStoreRegisteredForEveryChangeIsToldOfAnyRoot() {
    withFreshSharedStorage {
      let other = Shared(wrappedValue: 0, .inMemory("other"))
      SharedChangeCenter.flush()  // its first load
      let subscriber = CountingSubscriber()
      SharedChangeCenter.register(subscriber)
      other.withLock { $0 += 1 }
      SharedChangeCenter.flush()
      #expect(subscriber.rechecks == 1)
    }
  }

  @Test func anObserversFieldReadRegistersItsStoreForThatRootAlone() {
    withFreshSharedStorage {
      let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
      let root = store.withState { $0.$count.snapshotRoot }
      #expect(SharedChangeCenter.subscriberCount(for: root) == 0)
      withObservationTracking {
        _ = store.other
      } onChange: {
      }
      #expect(SharedChangeCenter.subscriberCount(for: root) == 0)
      withObservationTracking {
        _ = store.count
      } onChange: {
      }
      #expect(SharedChangeCenter.subscriberCount(for: root) == 1)
    }
  }

  struct Parent: Reducer {
    struct State {
      var child = SharedCounter.State()
    }
    enum Action { case child(SharedCounter.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: Action.child) { SharedCounter() }
    }
  }

  @Test func aScopedStoresObserverIsToldOfAChangeMadeOutsideAnyStore() async {
    let (store, count) = withFreshSharedStorage {
      (
        Store(initialState: Parent.State()) { Parent() },
        Shared(wrappedValue: 0, .inMemory("count"))
      )
    }
    let child = store.scope(state: \.child, action: Parent.Action.child)
    #expect(await isTold({ _ = child.count }, when: { count.withLock { $0 = 3 } }))
    #expect(child.count == 3)
  }
}
