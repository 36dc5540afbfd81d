import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestStoreDismissTests {
  struct Closer: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable { case start, tick, close }

    let clock: TestClock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      case .close:
        return .run { _ in await dismiss() }
      }
    }
  }

  @Test func rootDismissIsRecordedAndCancelsTheRootsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Closer.State()) { Closer(clock: clock) }
    #expect(!store.isDismissed)
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.close).finish()
    #expect(store.isDismissed)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  struct Host: Reducer {
    struct State: Equatable {
      @PresentationState var child: Closer.State?
    }
    enum Action: Equatable {
      case present
      case child(PresentationAction<Closer.Action>)
    }

    let clock: TestClock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .present = action { state.child = Closer.State() }
        return .none
      }
      .ifLet(\.$child, action: Action.child) { Closer(clock: clock) }
    }
  }

  @Test func aPresentedChildsEffectStillRunningIsNamedInFinish() async {
    let clock = TestClock()
    let issues = await recordedIssues {
      let store = TestStore(initialState: Host.State()) { Host(clock: clock) }
      await store.send(.present) { $0.child = Closer.State() }
      await store.send(.child(.presented(.start)))
      await store.finish(timeout: .milliseconds(10))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("still running") == true)
    #expect(issues.first?.contains("presentation Host.Action.child") == true, "\(issues)")
  }

  @Test func aPresentedChildsEffectStillRunningIsNamedWhenTheStoreGoesAway() async {
    let clock = TestClock()
    let issues = await recordedIssues {
      await startPresentedTimer(clock)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("still running") == true)
    #expect(issues.first?.contains("presentation Host.Action.child") == true, "\(issues)")
  }

  /// Starts a presented child's timer in a store that goes away when this returns.
  private func startPresentedTimer(_ clock: TestClock) async {
    let store = TestStore(initialState: Host.State()) { Host(clock: clock) }
    await store.send(.present) { $0.child = Closer.State() }
    await store.send(.child(.presented(.start)))
  }

  @Test func aPresentedChildsDismissIsNotTheRoots() async {
    let clock = TestClock()
    let store = TestStore(initialState: Host.State()) { Host(clock: clock) }
    await store.send(.present) { $0.child = Closer.State() }
    await store.send(.child(.presented(.close)))
    await store.receive(.child(.dismiss)) { $0.child = nil }
    #expect(!store.isDismissed)
    await store.finish()
  }
}
