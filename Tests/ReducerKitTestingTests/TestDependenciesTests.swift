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
