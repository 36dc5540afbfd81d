import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

/// Volume: a million sends, a 100,000-long `.send` chain, 10,000 concurrent effects, 10,000
/// start/cancel cycles on one id — every action counted, none lost, the effect registry empty
/// afterwards.
@MainActor
@Suite struct StressTests {
  enum Action: Equatable {
    case increment
    case chain(Int)
    case start(Int)
    case done(Int)
    case startTimer
    case cancelTimer
    case fired
  }

  struct State: Equatable {
    var count = 0
    var done = 0
    var doneSum = 0
    var fired = 0
  }

  struct Feature: Reducer {
    let clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .chain(let remaining):
        state.count += 1
        return remaining > 0 ? .send(.chain(remaining - 1)) : .none
      case .start(let n):
        return .run { send in await send(.done(n)) }
      case .done(let n):
        state.done += 1
        state.doneSum += n
        return .none
      case .startTimer:
        let clock = clock
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.fired)
        }
        .cancellable(id: "timer")
      case .cancelTimer:
        return .cancel(id: "timer")
      case .fired:
        state.fired += 1
        return .none
      }
    }
  }

  private func makeStore(clock: any Clock<Duration> = ManualClock()) -> Store<State, Action> {
    Store(initialState: State()) { Feature(clock: clock) }
  }

  @Test func aMillionSendsAreAllReduced() async {
    let store = makeStore()
    for _ in 0..<100 {
      for _ in 0..<10_000 { store.send(.increment) }
      // A turn of the main actor for the tests running meanwhile, between batches: in one
      // stretch, under a sanitizer, this held it for seconds.
      await Task.yield()
    }
    #expect(store.withState(\.count) == 1_000_000)
    #expect(store.core.registry.count == 0)
  }

  @Test func aSendChainOf100000ActionsIsReducedInFullWithoutGrowingTheStack() async {
    let store = makeStore()
    // 100,000 `.send`s after the first: recursion this deep would overflow the main thread's
    // stack in a debug build.
    let task = store.send(.chain(100_000))
    #expect(store.withState(\.count) == 100_001)
    await task.finish()
    #expect(store.core.registry.count == 0)
  }

  @Test func tenThousandConcurrentEffectsEachDeliverTheirAction() async {
    let store = makeStore()
    // All started before any is awaited: they run concurrently on the global executor.
    let tasks = (0..<10_000).map { store.send(.start($0)) }
    for task in tasks { await task.finish() }
    #expect(store.withState(\.done) == 10_000)
    #expect(store.withState(\.doneSum) == (0..<10_000).reduce(0, +))
    #expect(store.core.registry.count == 0)
  }

  @Test func tenThousandStartCancelCyclesOnOneIdLeaveNothingBehind() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    for cycle in 0..<10_000 {
      store.send(.startTimer)
      // Every 100 cycles, let the effects start sleeping before the cancel reaches them.
      if cycle % 100 == 0 { await Task.yield() }
      store.send(.cancelTimer)
    }
    let registry = store.core.registry
    let drained = await poll { registry.count == 0 && clock.sleeperCount == 0 }
    #expect(drained, "\(registry.count) effects registered, \(clock.sleeperCount) sleeping")
    // Nothing is delivered after a cancel, even once every deadline has passed.
    clock.advance(by: .seconds(10))
    for _ in 0..<100 { await Task.yield() }
    #expect(store.withState(\.fired) == 0)
  }

  @Test func cancelledEffectsSleepingOnATestClockEnd() async {
    // `TestClock.sleep` used to check for cancellation before it registered its sleeper, and its
    // cancellation handler found no sleeper when the task was cancelled in between: such a sleep
    // waited for the next `advance` instead of ending (1 run in 3 of this test).
    let clock = TestClock()
    let store = makeStore(clock: clock)
    for _ in 0..<200 {
      for _ in 0..<20 {
        store.send(.startTimer)
        store.send(.cancelTimer)
      }
      // Let some effects reach the clock before the next cancels.
      await Task.yield()
    }
    let registry = store.core.registry
    let drained = await poll(upTo: .seconds(2)) { registry.count == 0 }
    #expect(drained, "\(registry.count) cancelled effects still sleeping on the TestClock")
  }
}
