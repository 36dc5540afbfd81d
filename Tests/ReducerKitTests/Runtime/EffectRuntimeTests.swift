import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@MainActor
@Suite struct EffectRuntimeTests {
  func makeCore(
    _ reduce: @escaping (inout [String], String) -> Effect<String>
  ) -> StoreRuntime<[String], String> {
    StoreRuntime(
      initialState: [], reducer: AnyResolvedReducer(reduce: reduce),
      dependencies: DependencyValues())
  }

  /// Records every action in the state, and returns what `effect` gives for it.
  func makeCore(
    effect: @escaping (String) -> Effect<String>
  ) -> StoreRuntime<[String], String> {
    makeCore { state, action in
      state.append(action)
      return effect(action)
    }
  }

  /// Waits (with a bound) until `count` sleeps wait on `clock`.
  /// How long a wait may take: polls return as soon as their condition holds, but under the
  /// thread sanitizer, with the whole suite competing for the main actor, they took over 5 s.
  static let bound = Duration.seconds(120)

  func sleepers(_ count: Int, on clock: TestClock) async -> Bool {
    await poll(upTo: Self.bound) { clock.sleeperCount == count }
  }

  // MARK: Synchronous and asynchronous effects

  @Test func sentActionsAreReducedInOrderBeforeSendReturns() {
    let core = makeCore { action in
      switch action {
      case "a": .merge(.send("b"), .send("c"))
      case "b": .send("b2")
      default: .none
      }
    }
    _ = core.send("a", group: nil)
    // `b`'s own action comes after the `c` that was queued before it.
    #expect(core.state == ["a", "b", "c", "b2"])
  }

  @Test func aRunEffectIsRegisteredBeforeSendReturns() {
    let core = makeCore { _ in .run { _ in try await Task.sleep(for: .seconds(60)) } }
    let task = core.send("start", group: nil)
    #expect(core.registry.count == 1)
    #expect(!task.isFinished)
    task.cancel()
  }

  @Test func everyRunEffectOfALargeMergeIsRegisteredAndDeliversItsAction() async {
    // A merge walked from its parts' boxes (a `.run` and a `.cancellable` read without their
    // generic operation), nested merges and `.none`s folded in.
    let core = makeCore { action in
      guard action == "start" else { return .none }
      return .merge(
        (0..<40).map { index in
          Effect<String>.merge(
            .none, .run { send in await send("run \(index)") }.cancellable(id: index))
        })
    }
    let task = core.send("start", group: nil)
    #expect(core.registry.count == 40)
    await task.finish()
    #expect(Set(core.state.dropFirst()) == Set((0..<40).map { "run \($0)" }))
    #expect(core.registry.count == 0)
  }

  @Test func runEffectsStartOnTheExecutorSetForTheRuntimeAndNoLongerOnceItIsCleared() async {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
    let executor = CountingExecutor()
    let core = makeCore { action in
      action.hasPrefix("start") ? .run { send in await send("done") } : .none
    }
    core.effectExecutor = executor
    await core.send("start 1", group: nil).finish()
    let jobsWithExecutor = executor.enqueued
    #expect(jobsWithExecutor > 0)
    core.effectExecutor = nil
    await core.send("start 2", group: nil).finish()
    #expect(executor.enqueued == jobsWithExecutor)
    #expect(core.state == ["start 1", "done", "start 2", "done"])
  }

  @Test func aRunEffectsActionsAreReduced() async {
    let core = makeCore { action in
      action == "start" ? .run { send in await send("done") } : .none
    }
    await core.send("start", group: nil).finish()
    #expect(core.state == ["start", "done"])
    #expect(core.registry.count == 0)
  }

  @Test func cancelStopsTheEffectsWithThatID() async {
    let ended = Locked(false)
    let core = makeCore { action in
      switch action {
      case "start":
        .run { _ in
          do { try await Task.sleep(for: .seconds(60)) } catch { ended.withLock { $0 = true } }
        }
        .cancellable(id: "wait")
      case "stop": .cancel(id: "wait")
      default: .none
      }
    }
    let task = core.send("start", group: nil)
    let key = EffectKey(path: [], id: EffectID("wait"))
    #expect(core.registry.isRunning(key))
    _ = core.send("stop", group: nil)
    #expect(!core.registry.isRunning(key))
    await task.finish()
    #expect(task.isCancelled)
    #expect(ended.withLock { $0 })
  }

  // MARK: Concatenations

  @Test func aConcatenationRunsItsPartsInOrder() async {
    let clock = TestClock()
    let core = makeCore { action in
      guard action == "go" else { return .none }
      return .concatenate(
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send("1")
        },
        .send("2"),
        .run { send in await send("3") }
      )
    }
    let task = core.send("go", group: nil)
    #expect(await sleepers(1, on: clock))
    // The later parts wait for the first.
    #expect(core.state == ["go"])
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(core.state == ["go", "1", "2", "3"])
  }

  @Test func aStoreWhoseConcatenationWaitsIsReleasedAndThePartCancelled() async {
    let started = Locked(false)
    let cancelled = Locked(false)
    weak var releasedStore: Store<[String], String>?
    weak var releasedRuntime: StoreRuntime<[String], String>?
    do {
      let store = Store(initialState: [String]()) {
        Reduce<[String], String> { state, action in
          state.append(action)
          guard action == "go" else { return .none }
          return .concatenate(
            .run { _ in
              started.withLock { $0 = true }
              do { try await Task.sleep(for: .seconds(60)) } catch {
                cancelled.withLock { $0 = true }
              }
            },
            .send("after")
          )
        }
      }
      releasedStore = store
      releasedRuntime = store.core as? StoreRuntime<[String], String>
      #expect(releasedRuntime != nil)
      store.send("go")
      #expect(await poll(upTo: Self.bound) { started.withLock { $0 } })
    }
    // The concatenation's task waits for its first part: it must not keep the store alive.
    #expect(releasedStore == nil)
    #expect(releasedRuntime == nil)
    #expect(await poll(upTo: Self.bound) { cancelled.withLock { $0 } })
  }

  // MARK: Throttles

  @Test func aThrottledEffectWithinTheIntervalWaitsForTheClock() async {
    let clock = TestClock()
    let core = makeCore { action in
      guard action.hasPrefix("tap") else { return .none }
      return .send("ran \(action)")
        .throttle(id: "tap", for: .seconds(1), clock: clock, latest: true)
    }
    _ = core.send("tap1", group: nil)
    #expect(core.state == ["tap1", "ran tap1"])
    let task = core.send("tap2", group: nil)
    _ = core.send("tap3", group: nil)
    #expect(core.state == ["tap1", "ran tap1", "tap2", "tap3"])
    #expect(await sleepers(1, on: clock))
    await clock.advance(by: .milliseconds(999))
    // Not yet due: the end of the interval still sleeps, and nothing ran.
    #expect(clock.sleeperCount == 1)
    #expect(core.state.last == "tap3")
    await clock.advance(by: .milliseconds(1))
    #expect(await poll(upTo: Self.bound) { core.state.last == "ran tap3" })
    await task.finish()
    #expect(core.state == ["tap1", "ran tap1", "tap2", "tap3", "ran tap3"])
  }

  // MARK: Child lifetimes

  struct Child: Reducer {
    let clock: TestClock
    func reduce(into state: inout Int, action: String) -> Effect<String> {
      state += 1
      return .run { _ in try await clock.sleep(for: .seconds(1)) }
    }
  }

  struct Parent: Reducer {
    struct State { var child: Int? = 0 }
    enum Action {
      case child(String)
      case hide
      case noop
    }
    let clock: TestClock
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .hide = action { state.child = nil }
        return .none
      }
      .ifLet(\.child, action: Action.child) { Child(clock: clock) }
    }
  }

  func makeParent(
    clock: TestClock
  ) -> (
    Store<Parent.State, Parent.Action>, EffectRuntime<StoreRuntime<Parent.State, Parent.Action>>
  ) {
    let store = Store(initialState: Parent.State()) { Parent(clock: clock) }
    return (store, (store.core as! StoreRuntime<Parent.State, Parent.Action>).effects)
  }

  @Test func aChildIsNoLongerWatchedOnceItsEffectsEnded() async {
    let clock = TestClock()
    let (store, effects) = makeParent(clock: clock)
    #expect(effects.watchedChildCount == 0)
    let task = store.send(.child("start"))
    #expect(effects.watchedChildCount == 1)
    #expect(await sleepers(1, on: clock))
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(!task.isCancelled)
    store.send(.noop)
    #expect(effects.watchedChildCount == 0)
    #expect(store.child == 1)
  }

  @Test func aChildThatLeavesTheStateHasItsEffectsCancelled() async {
    let clock = TestClock()
    let (store, effects) = makeParent(clock: clock)
    let task = store.send(.child("start"))
    #expect(effects.watchedChildCount == 1)
    store.send(.hide)
    #expect(effects.watchedChildCount == 0)
    await task.finish()
    #expect(task.isCancelled)
  }
}

/// A task executor that counts the jobs it is given and runs each on the global executor.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private final class CountingExecutor: TaskExecutor, Sendable {
  private let count = Locked(0)

  var enqueued: Int { count.withLock { $0 } }

  func enqueue(_ job: consuming ExecutorJob) {
    count.withLock { $0 += 1 }
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Task.detached { job.runSynchronously(on: executor) }
  }
}
