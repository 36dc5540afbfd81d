import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@Suite struct ImmediateClockTests {
  @Test func sleepsReturnAtOnceAndMoveTheClock() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3_600))
    try await clock.sleep(for: .seconds(1))
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(3_601)))
  }

  @Test func aCancelledSleepThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func instantsCompareAndAdvance() {
    let start = ImmediateClock.Instant()
    let later = start.advanced(by: .seconds(2))
    #expect(start < later)
    #expect(start.duration(to: later) == .seconds(2))
  }
}

@MainActor
@Suite struct ImmediateClockTestStoreTests {
  @Test func anEffectThatOnlySleepsHasFinishedWhenSendReturns() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter(clock: ImmediateClock())
    }
    let task = await store.send(.delayedIncrement)
    #expect(task.rawValue.isFinished)
    await store.receive(.increment, timeout: .zero) { $0.count = 1 }
  }

  @Test func theDependencySpellingFinishesToo() async {
    struct Delayed: Reducer {
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<Int, Bool> {
        Reduce { state, action in
          guard action else {
            state += 1
            return .none
          }
          return .run { send in
            try await clock.sleep(for: .seconds(10))
            try await clock.sleep(for: .seconds(10))
            await send(false)
          }
        }
      }
    }
    let store = TestStore(initialState: 0) {
      Delayed()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    let task = await store.send(true)
    #expect(task.rawValue.isFinished)
    await store.receive(false, timeout: .zero) { $0 = 1 }
  }
}
