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

/// "Still running" failures name the child by what a test author wrote: the row's id, the
/// stack element's id, the enum state's case (issue 39, item 9).
@MainActor
@Suite struct RunningChildrenNoteTests {
  struct Timer: Reducer {
    struct State: Equatable, Identifiable { var id = 0 }
    enum Action: Equatable { case start, tick }
    let clock: TestClock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        return .none
      }
    }
  }
  struct Screen: Reducer {
    enum State: Equatable { case timer(Timer.State) }
    enum Action: Equatable { case timer(Timer.Action) }
    let clock: TestClock
    var body: some ReducerOf<Self> {
      Scope(state: State.timer, action: Action.timer) { Timer(clock: clock) }
    }
  }
  struct App: Reducer {
    struct State: Equatable {
      var books: IdentifiedArrayOf<Timer.State> = [Timer.State(id: 3)]
      var path = StackState<Screen.State>()
    }
    enum Action: Equatable {
      case books(IdentifiedActionOf<Timer>)
      case path(StackActionOf<Screen>)
    }
    let clock: TestClock
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.books, action: Action.books) { Timer(clock: clock) }
        .forEach(\.path, action: Action.path) { Screen(clock: clock) }
    }
  }

  @Test func theNoteNamesTheRowIdTheStackElementAndTheCase() async {
    let clock = TestClock()
    let issues = await recordedIssues {
      let store = TestStore(initialState: App.State()) { App(clock: clock) }
      await store.send(.books(.element(id: 3, action: .start)))
      await store.send(.path(.push(id: 0, state: .timer(Timer.State())))) {
        $0.path[id: 0] = .timer(Timer.State())
      }
      await store.send(.path(.element(id: 0, action: .timer(.start))))
    }
    let text = issues.joined(separator: "\n")
    #expect(text.contains(#"\State.books[id: 3]"#), "\(issues)")
    #expect(text.contains(#"\State.path[id: #0]"#), "\(issues)")
    #expect(text.contains("Screen.State.timer"), "\(issues)")
    #expect(!text.contains("CaseInstance"), "\(issues)")
  }
}
