import Foundation
import Observation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreTests {
  @Test func sendReducesTheAction() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(store.state.count == 1)
    #expect(store.count == 1)
    #expect(store.withState(\.count) == 1)
  }

  @Test func synchronousSendEffectsAreReducedBeforeSendReturnsInFIFOOrder() {
    enum Action { case start, a, b, c, d }
    let store = Store(initialState: [Action]()) {
      Reduce<[Action], Action> { state, action in
        state.append(action)
        switch action {
        case .start: return .merge(.send(.a), .send(.b))
        case .a: return .send(.c)
        case .b: return .concatenate(.send(.d))
        case .c, .d: return .none
        }
      }
    }
    store.send(.start)
    // FIFO: a and b were queued by start; c by a; d by b.
    #expect(store.state == [.start, .a, .b, .c, .d])
  }

  @Test func aLongChainOfSendEffectsDoesNotGrowTheStack() {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, remaining in
        state += 1
        return remaining > 0 ? .send(remaining - 1) : .none
      }
    }
    store.send(100_000)
    #expect(store.state == 100_001)
  }

  @Test func reentrantSendsAreQueuedNotRecursive() {
    final class Box { var store: Store<[Int], Int>? }
    let box = Box()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        if action == 1 {
          // Re-entrant send while reducing 1: must run after 1 (and after 2 queued before it).
          box.store?.send(3)
          #expect(state == [1])
          return .send(2)
        }
        return .none
      }
    }
    box.store = store
    store.send(1)
    #expect(store.state == [1, 3, 2])
  }

  @Test func runEffectsFeedActionsBack() async {
    enum Action { case load, loaded(Int) }
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .load: return .run { send in await send(.loaded(42)) }
        case .loaded(let value):
          state = value
          return .none
        }
      }
    }
    await store.send(.load).finish()
    #expect(store.state == 42)
  }

  @Test func finishWaitsForActionsSentBackAndTheEffectsTheyStart() async {
    enum Action { case first, second, third }
    let store = Store(initialState: [String]()) {
      Reduce<[String], Action> { state, action in
        switch action {
        case .first:
          return .run { send in
            await Task.yield()
            await send(.second)
          }
        case .second:
          state.append("second")
          return .run { send in
            await Task.yield()
            await send(.third)
          }
        case .third:
          state.append("third")
          return .none
        }
      }
    }
    await store.send(.first).finish()
    #expect(store.state == ["second", "third"])
  }

  @Test func cancelSentRightAfterAnEffectStartsNeverMissesIt() async {
    enum Action { case start, stop, tick }
    for _ in 0..<200 {
      let store = Store(initialState: 0) {
        Reduce<Int, Action> { state, action in
          switch action {
          case .start:
            return .run { send in
              await send(.tick)
              try await Task.sleep(for: .seconds(60))
              await send(.tick)
            }
            .cancellable(id: "effect")
          case .stop:
            return .cancel(id: "effect")
          case .tick:
            state += 1
            return .none
          }
        }
      }
      let task = store.send(.start)
      store.send(.stop)
      await task.finish()
      // The effect may or may not have sent its first tick before being cancelled, but never
      // the second one, and it has ended.
      #expect(store.state <= 1)
      #expect(store.core.registry.count == 0)
    }
  }

  @Test func cancelInFlightCancelsTheRunningEffectFirst() async {
    enum Action { case start(Int), finished(Int) }
    let gate = AsyncGate()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Action> { state, action in
        switch action {
        case .start(let n):
          return .run { send in
            await gate.wait()
            await send(.finished(n))
          }
          .cancellable(id: "load", cancelInFlight: true)
        case .finished(let n):
          state.append(n)
          return .none
        }
      }
    }
    let first = store.send(.start(1))
    let second = store.send(.start(2))
    #expect(first.isCancelled)
    #expect(!second.isCancelled)
    await gate.open()
    await first.finish()
    await second.finish()
    // The first effect was cancelled before it could send: its action is dropped.
    #expect(store.state == [2])
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let started = AsyncGate()
    let ended = AsyncGate()
    var store: Store<Int, Int>? = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in
        .run { _ in
          await started.open()
          try? await Task.sleep(for: .seconds(60))
          await ended.open()
        }
      }
    }
    weak let weakStore = store
    store?.send(1)
    await started.wait()
    store = nil
    #expect(weakStore == nil)
    await ended.wait()
  }

  @Test func effectsDoNotKeepTheStoreAlive() async {
    let started = AsyncGate()
    var store: Store<Int, Int>? = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in
        .run { send in
          await started.open()
          try await Task.sleep(for: .seconds(60))
          await send(1)
        }
      }
    }
    weak let weakStore = store
    store?.send(1)
    await started.wait()
    store = nil
    #expect(weakStore == nil)
  }

  @Test func anErrorGoesToTheCatchHandler() async {
    struct Failure: Error {}
    enum Action { case load, failed }
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .load:
          return .run { _ in
            throw Failure()
          } catch: { _, send in
            await send(.failed)
          }
        case .failed:
          state = -1
          return .none
        }
      }
    }
    await store.send(.load).finish()
    #expect(store.state == -1)
  }

  @Test func anUncaughtErrorIsAWarningAndTheStoreKeepsWorking() async {
    struct UncaughtStoreTestFailure: Error {}
    let recorder = WarningRecorder(matching: "UncaughtStoreTestFailure")
    enum Action { case load, increment }
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .load: return .run { _ in throw UncaughtStoreTestFailure() }
        case .increment:
          state += 1
          return .none
        }
      }
    }
    await store.send(.load).finish()
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("load") == true)
    store.send(.increment)
    #expect(store.state == 1)
  }

  @Test func anUncaughtErrorIsReportedWhereTheRunWasWritten() async {
    struct UncaughtAtLineFailure: Error {}
    let recorder = WarningRecorder(matching: "UncaughtAtLineFailure")
    let runLine = #line + 2
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in .run(priority: .low) { _ in throw UncaughtAtLineFailure() } }
    }
    await store.send(1).finish()
    #expect(recorder.places == ["\(#fileID):\(runLine)"])
  }

  @Test func cancellingAnUnknownIDDoesNothing() {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return .cancel(id: "nothing-runs-under-this-id")
      }
    }
    let task = store.send(1)
    #expect(task.isCancelled)
    #expect(store.state == 1)
  }

  @Test func theBodyIsEvaluatedOnce() {
    final class Counter: @unchecked Sendable { var count = 0 }
    let evaluations = Counter()
    struct Feature: Reducer {
      let evaluations: Counter
      var body: some Reducer<Int, Int> {
        let _ = evaluations.count += 1
        Reduce { state, action in
          state += action
          return .none
        }
      }
    }
    let store = Store(initialState: 0) { Feature(evaluations: evaluations) }
    for _ in 0..<10 { store.send(1) }
    #expect(store.state == 10)
    #expect(evaluations.count == 1)
  }

  struct Presenter: Reducer {
    struct State { var counter: Counter.State? }
    enum Action { case counter(Counter.Action), present, dismiss }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .present: state.counter = Counter.State()
        case .dismiss: state.counter = nil
        case .counter: break
        }
        return .none
      }
      .ifLet(\.counter, action: Action.counter) { Counter() }
    }
  }

  @Test func scopingToOptionalStateGivesAStoreOnlyWhileItIsPresent() {
    let store = Store(initialState: Presenter.State()) { Presenter() }
    #expect(store.scope(state: \.counter, action: Presenter.Action.counter) == nil)
    store.send(.present)
    let child = store.scope(state: \.counter, action: Presenter.Action.counter)
    #expect(child != nil)
    #expect(child === store.scope(state: \.counter, action: CasePath(Presenter.Action.counter)))
    child?.send(.increment)
    #expect(store.state.counter?.count == 1)
  }

  @Test func anActionSentToAReleasedScopedStoreIsIgnoredWithAWarning() {
    let recorder = WarningRecorder(matching: "no longer present")
    let store = Store(initialState: Presenter.State()) { Presenter() }
    store.send(.present)
    let child = store.scope(state: \.counter, action: Presenter.Action.counter)!
    child.send(.set(7))
    store.send(.dismiss)
    let (task, line) = (child.send(.increment), #line)
    #expect(task.isCancelled)
    #expect(child.count == 7)  // the last state it saw
    #expect(store.state.counter == nil)
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("increment") == true)
    // Reported at the caller's send, not inside the library (issue 39, item 9).
    #expect(recorder.places.first == "ReducerKitTests/StoreTests.swift:\(line)")
  }

  @Test func storeDependenciesReachEffectsThatRunLater() async {
    struct Reader: Reducer {
      func reduce(into state: inout [String], action: String) -> Effect<String> {
        if action != "start" {
          state.append(action)
          return .none
        }
        return .run { send in
          try await Task.sleep(for: .milliseconds(5))
          // Read in the effect's task, long after the action was reduced.
          @Dependency(\.uuid) var uuid
          await send(uuid().uuidString)
        }
      }
    }
    let store = Store(initialState: [String]()) {
      Reader()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send("start").finish()
    await store.send("start").finish()
    #expect(
      store.state == [
        "00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001",
      ])
  }

  @Test func aStoreCreatedInsideWithDependenciesKeepsThem() {
    struct Reader: Reducer {
      @Dependency(\.date) var date
      func reduce(into state: inout Double, action: Void) -> Effect<Void> {
        state = date.now.timeIntervalSince1970
        return .none
      }
    }
    let store = withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 42))
    } operation: {
      Store(initialState: 0.0) { Reader() }
    }
    store.send(())
    #expect(store.state == 42)
  }

  @Test func observersOfTheStateAreNotified() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let changed = Locked(false)
    withObservationTracking {
      _ = store.state.count
    } onChange: {
      changed.withLock { $0 = true }
    }
    store.send(.increment)
    #expect(changed.withLock { $0 })
  }

  @Test func childStoreObserversAreNotified() {
    struct Parent: Reducer {
      struct State { var counter = Counter.State() }
      enum Action { case counter(Counter.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.counter, action: Action.counter) { Counter() }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.counter, action: Parent.Action.counter)
    let changed = Locked(false)
    withObservationTracking {
      _ = child.count
    } onChange: {
      changed.withLock { $0 = true }
    }
    child.send(.increment)
    #expect(changed.withLock { $0 })
  }

  /// A state of many fields, set one at a time.
  struct ManyFields: Reducer {
    struct State { var values = Array(repeating: 0, count: 40) }
    enum Action { case set(index: Int, value: Int) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .set(let index, let value) = action { state.values[index] = value }
      return .none
    }
  }

  @Test(arguments: [false, true])
  func eachOfManyFieldsNotifiesItsOwnObserversOnly(keyPathsMadeAgain: Bool) {
    // More fields than the store keeps among those read last (16), read through key paths made
    // once or made again for every read (a new object each time): every read finds its own
    // field, and a change notifies the observer of that field and no other.
    let store = Store(initialState: ManyFields.State()) { ManyFields() }
    let made = (0..<40).map { \ManyFields.State.values[$0] }
    func keyPath(_ index: Int) -> KeyPath<ManyFields.State, Int> {
      keyPathsMadeAgain ? \ManyFields.State.values[index] : made[index]
    }
    for round in 1...3 {
      let notified = Locked<Set<Int>>([])
      for index in 0..<40 {
        withObservationTracking {
          #expect(store[dynamicMember: keyPath(index)] == (round == 1 ? 0 : round - 1))
        } onChange: {
          notified.withLock { _ = $0.insert(index) }
        }
      }
      for index in 0..<40 {
        store.send(.set(index: index, value: round))
        #expect(notified.withLock { $0 } == Set(0...index), "round \(round), field \(index)")
      }
    }
  }
}

/// A one-shot gate: `wait()` suspends until `open()` is called.
actor AsyncGate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}

@MainActor
extension StoreTests {
  // MARK: The initial state under the store's dependencies (issue 11, bug 5)

  struct Identified: Reducer {
    struct State: Equatable {
      var id: UUID
      init() {
        @Dependency(\.uuid) var uuid
        id = uuid()
      }
    }
    func reduce(into state: inout State, action: Void) -> Effect<Void> { .none }
  }

  @Test func theInitialStateIsBuiltUnderTheStoresDependencies() {
    let store = Store(initialState: Identified.State()) {
      Identified()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    #expect(store.state.id.uuidString == "00000000-0000-0000-0000-000000000000")
  }

  @Test func theInitialStateIsBuiltOnce() {
    var builds = 0
    func makeState() -> Int {
      builds += 1
      return 1
    }
    let store = Store(initialState: makeState()) { EmptyReducer<Int, Void>() }
    #expect(store.state == 1)
    #expect(builds == 1)
  }
}

extension StoreTests {
  // MARK: Reading the store while it reduces or checks observers (issue 12, item 1)

  /// Runs code of the test's choosing from places the store calls user code: a field's `==`, a
  /// computed property read through a key path, a `deinit`. Unchecked `Sendable`: it is only
  /// used on the main actor, from code the store runs there.
  final class Reentry: @unchecked Sendable {
    var body: (@MainActor () -> Void)?
    nonisolated func run() { MainActor.assumeIsolated { body?() } }
  }

  /// A value whose `==` (and whose computed `doubled`) run the reentry.
  struct Probe: Equatable {
    var value = 0
    let reentry: Reentry
    var doubled: Int {
      reentry.run()
      return value * 2
    }
    static func == (lhs: Probe, rhs: Probe) -> Bool {
      lhs.reentry.run()
      return lhs.value == rhs.value
    }
  }

  /// A reference held by the state; its `deinit` runs the reentry.
  final class Resource: @unchecked Sendable {
    let reentry: Reentry
    init(reentry: Reentry) { self.reentry = reentry }
    deinit { reentry.run() }
  }

  struct Reentrant: Reducer {
    struct State {
      var count = 0
      var probe: Probe
      var resource: Resource?
      var counter = Counter.State()
    }
    enum Action { case increment, bump, release, counter(Counter.Action) }
    let onReduce: Reentry
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
          onReduce.run()
        case .bump: state.probe.value += 1
        case .release: state.resource = nil
        case .counter: onReduce.run()
        }
        return .none
      }
    }
  }

  final class StoreBox {
    var store: Store<Reentrant.State, Reentrant.Action>?
  }

  func makeReentrantStore(
    reentry: Reentry, onReduce: @escaping @MainActor () -> Void = {}
  ) -> Store<Reentrant.State, Reentrant.Action> {
    Store(
      initialState: Reentrant.State(
        probe: Probe(reentry: reentry), resource: Resource(reentry: reentry))
    ) {
      let reentry = Reentry()
      reentry.body = onReduce
      return Reentrant(onReduce: reentry)
    }
  }

  @Test func aReducerReadingItsOwnStoreSeesTheStateSoFar() {
    let box = StoreBox()
    var seen: [Int] = []
    let store = makeReentrantStore(reentry: Reentry()) {
      guard let store = box.store else { return }
      seen.append(store.count)
      seen.append(store.state.count)
      seen.append(store.withState(\.count))
    }
    box.store = store
    store.send(.increment)
    #expect(seen == [1, 1, 1])
    #expect(store.count == 1)
  }

  @Test func anObservedFieldWhoseEqualityReadsTheStore() {
    let reentry = Reentry()
    let store = makeReentrantStore(reentry: reentry)
    var seen: [Int] = []
    reentry.body = { seen.append(store.probe.value + 10 * store.state.count) }
    let notified = Locked(false)
    withObservationTracking {
      _ = store.probe
    } onChange: {
      notified.withLock { $0 = true }
    }
    seen = []
    store.send(.bump)
    #expect(notified.withLock { $0 })
    // The checks run after the action: they see its state.
    #expect(!seen.isEmpty && seen.allSatisfy { $0 == 1 })
  }

  @Test func anObservedComputedKeyPathThatReadsTheStore() {
    let reentry = Reentry()
    let store = makeReentrantStore(reentry: reentry)
    var seen: [Int] = []
    reentry.body = { seen.append(store.withState(\.probe.value)) }
    let notified = Locked(false)
    withObservationTracking {
      _ = store[dynamicMember: \.probe.doubled]
    } onChange: {
      notified.withLock { $0 = true }
    }
    seen = []
    store.send(.bump)
    #expect(notified.withLock { $0 })
    #expect(!seen.isEmpty && seen.allSatisfy { $0 == 1 })
  }

  @Test func aDeinitOfStateTheReducerReleasesReadsTheStore() {
    let reentry = Reentry()
    let store = makeReentrantStore(reentry: reentry)
    var seen: [Bool] = []
    reentry.body = {
      seen.append(store.state.resource == nil)
      seen.append(store.resource == nil)
    }
    store.send(.release)
    // Debug code stores `nil` before it releases; optimized code may release first (the
    // reducer has exclusive access to its state), so the read may still see the object: the
    // store must not keep it (issue 39, item 6, and the test below).
    #expect(seen.count == 2)
    #expect(store.state.resource == nil)
  }

  /// What an optimized reducer may do with `state.resource = nil`: release the old object, whose
  /// `deinit` then runs while the state still points at it, and only then store `nil`. Done by
  /// hand here, so that a debug build checks it too. A `deinit` that reads the store (a logger
  /// reading it through a dependency) must not crash: nothing the store keeps may hold the
  /// object past its `deinit` ("deallocated with non-zero retain count").
  @Test func aDeinitRunBeforeTheReducersStoreReadsTheStoreWithoutCrashing() {
    struct Releasing: Reducer {
      struct State {
        var count = 0
        var resource: Resource?
        var child: Counter.State? = Counter.State()
      }
      enum Action { case releaseFirst, child(Counter.Action) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          guard case .releaseFirst = action else { return .none }
          state.count += 1
          withUnsafeMutablePointer(to: &state.resource) { field in
            let raw = UnsafeMutableRawPointer(field)
            // The object's address, read as bits: no strong reference is made here.
            guard let address = UnsafeRawPointer(bitPattern: raw.load(as: UInt.self)) else {
              return
            }
            // The state holds the only reference: this runs the `deinit` now, while the field
            // still points at the object.
            Unmanaged<Resource>.fromOpaque(address).release()
            // Then `nil`, without releasing again.
            raw.storeBytes(of: 0, as: UInt.self)
          }
          return .none
        }
        .ifLet(\.child, action: Action.child) { Counter() }
      }
    }
    let reentry = Reentry()
    let store = Store(initialState: Releasing.State(resource: Resource(reentry: reentry))) {
      Releasing()
    }
    let child = store.scope(state: \.child, action: Releasing.Action.child)
    var log: [String] = []
    reentry.body = {
      // Every way a logger might read the store: a field, the whole state, a scoped store.
      log.append("field: \(store.resource == nil ? "nil" : "object")")
      log.append("state: \(store.state.count)")
      log.append("child: \(child?.state.count ?? -1), \(child?.count ?? -1)")
    }
    store.send(.releaseFirst)
    #expect(log == ["field: object", "state: 1", "child: 0, 0"])
    #expect(store.state.resource == nil)
    // The store still observes and scopes as usual afterwards.
    child?.send(.increment)
    #expect(child?.count == 1)
  }

  @Test func aScopedStoreReadInsideTheReducer() {
    let box = StoreBox()
    var seen: [Int] = []
    let store = makeReentrantStore(reentry: Reentry()) {
      guard let child = box.store?.scope(state: \.counter, action: Reentrant.Action.counter)
      else { return }
      seen.append(child.count)
      seen.append(child.state.count)
    }
    box.store = store
    store.send(.counter(.increment))
    // The child's reducer (the `Scope`) ran first.
    #expect(seen == [1, 1])
  }
}
