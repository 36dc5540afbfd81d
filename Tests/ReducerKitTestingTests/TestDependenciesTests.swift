import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestDependenciesTests {
  struct Stamped: Reducer {
    @Dependency(\.date) var date
    func reduce(into state: inout Date?, action: Void) -> Effect<Void> {
      state = date.now
      return .none
    }
  }

  @Test func anUnimplementedDependencyFailsTheTestNamingIt() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Date?.none) { Stamped() }
      store.exhaustivity = .off
      await store.send(())
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("date") == true)
  }

  @Test func anOverriddenDependencyIsUsedWithoutFailure() async {
    let store = TestStore(initialState: Date?.none) {
      Stamped()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    await store.send(()) { $0 = Date(timeIntervalSince1970: 1) }
  }

  @Test func dependenciesCanChangeBetweenActions() async {
    let store = TestStore(initialState: Date?.none) {
      Stamped()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    await store.send(()) { $0 = Date(timeIntervalSince1970: 1) }
    store.dependencies.date = .constant(Date(timeIntervalSince1970: 2))
    await store.send(()) { $0 = Date(timeIntervalSince1970: 2) }
  }

  @Test func anHourLongDependencyClockSleepIsTestedInstantly() async {
    struct Reminder: Reducer {
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout Bool, action: Bool) -> Effect<Bool> {
        state = action
        guard !action else { return .none }
        return .run { send in
          try await clock.sleep(for: .seconds(3_600))
          await send(true)
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: false) {
      Reminder()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(false)
    await clock.advance(by: .seconds(3_599))
    await clock.advance(by: .seconds(1))
    await store.receive(true) { $0 = true }
    await store.finish()
  }
}

@MainActor
@Suite struct TestDependenciesStackIDTests {
  struct Pusher: Reducer {
    func reduce(into state: inout StackState<String>, action: String) -> Effect<String> {
      state.append(action)
      return .none
    }
  }

  @Test func eachTestStoreCountsStackIDsFromZero() async {
    for _ in 0..<3 {
      let store = TestStore(initialState: StackState<String>()) { Pusher() }
      await store.send("a") { $0[id: 0] = "a" }
      await store.send("b") { $0[id: 1] = "b" }
    }
  }
}

/// A timer under a TestStore whose test forgot to override the clock (issue 39, item 8): the
/// commonest mistake must end in a bounded, clear failure, not a `send` that never returns.
@MainActor
@Suite struct ForgottenClockTests {
  struct Ticker: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable { case start, startTimer, tick }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .startTimer:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  @Test(.timeLimit(.minutes(1)), arguments: [Ticker.Action.start, .startTimer])
  func aTimerWithoutAClockOverrideEndsWithAClearFailure(action: Ticker.Action) async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Ticker.State()) { Ticker() }
      await store.send(action)
    }
    #expect(issues.contains { $0.contains(#"Unimplemented: @Dependency(\.continuousClock)"#) })
    #expect(issues.contains { $0.contains("Time never passes on it") })
    #expect(issues.contains { $0.contains("still running") })
    #expect(!issues.contains { $0.contains("unexpected action") })
  }
}
