import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@MainActor
@Suite struct IfCaseLetTests {
  struct Waiter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case wait, increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .wait:
        return .run { _ in try await Task.sleep(for: .seconds(60)) }.cancellable(id: "wait")
      case .increment:
        state.count += 1
        return .none
      }
    }
  }

  struct App: Reducer {
    enum State: Equatable {
      case loggedOut(Waiter.State)
      case loggedIn(Waiter.State)
    }
    enum Action: Equatable {
      case loggedOut(Waiter.Action)
      case loggedIn(Waiter.Action)
      case logIn, logOut
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .logIn:
          state = .loggedIn(Waiter.State())
        case .logOut:
          state = .loggedOut(Waiter.State())
        case .loggedIn(.increment):
          // The child ran first: the parent sees its change.
          if case .loggedIn(let child) = state, child.count == 10 { state = .loggedOut(child) }
        default:
          break
        }
        return .none
      }
      .ifCaseLet(State.loggedOut, action: Action.loggedOut) { Waiter() }
      .ifCaseLet(State.loggedIn, action: Action.loggedIn) { Waiter() }
    }
  }

  @Test func runsTheChildForTheActiveCase() {
    var state = App.State.loggedIn(Waiter.State())
    _ = App().reduce(into: &state, action: .loggedIn(.increment))
    #expect(state == .loggedIn(Waiter.State(count: 1)))
  }

  @Test func theChildRunsBeforeTheParent() {
    var state = App.State.loggedIn(Waiter.State(count: 9))
    _ = App().reduce(into: &state, action: .loggedIn(.increment))
    #expect(state == .loggedOut(Waiter.State(count: 10)))
  }

  @Test func aMismatchedActionWarnsAndChangesNothing() {
    let recorder = WarningRecorder(matching: "ifCaseLet")
    let store = Store(initialState: App.State.loggedOut(Waiter.State())) { App() }
    store.send(.loggedIn(.increment))
    #expect(store.state == .loggedOut(Waiter.State()))
    #expect(recorder.messages.count == 1)
  }

  @Test func changingCaseCancelsTheOldCasesEffects() async {
    let store = Store(initialState: App.State.loggedOut(Waiter.State())) { App() }
    let task = store.send(.loggedOut(.wait))
    #expect(!task.isCancelled)
    store.send(.logIn)
    #expect(task.isCancelled)
    await task.finish()
  }

  @Test func stayingInTheCaseKeepsTheEffectsRunning() async {
    let store = Store(initialState: App.State.loggedIn(Waiter.State())) { App() }
    let task = store.send(.loggedIn(.wait))
    store.send(.logIn)  // a new child state, but the same case
    #expect(!task.isCancelled)
    task.cancel()
    await task.finish()
  }

  @Test func acceptsCasePaths() {
    let reducer = EmptyReducer<App.State, App.Action>()
      .ifCaseLet(CasePath(App.State.loggedIn), action: CasePath(App.Action.loggedIn)) {
        Waiter()
      }
    var state = App.State.loggedIn(Waiter.State())
    _ = reducer.reduce(into: &state, action: .loggedIn(.increment))
    #expect(state == .loggedIn(Waiter.State(count: 1)))
  }

  // MARK: A case change by any route (issue 11, bug 1)

  struct Flow: Reducer {
    enum State: Equatable {
      case ticking(Ticker.State)
      case idle
    }
    enum Action: Equatable {
      case ticking(Ticker.Action)
      case stopFromSibling
      case stopFromWrappedReducer
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if action == .stopFromWrappedReducer { state = .idle }
        return .none
      }
      .ifCaseLet(State.ticking, action: Action.ticking) { Ticker() }
      Reduce { state, action in
        if action == .stopFromSibling { state = .idle }
        return .none
      }
    }
  }

  func tickThenLeaveTheCase(with action: Flow.Action) async {
    let clock = TestClock()
    let store = TestStore(initialState: Flow.State.ticking(Ticker.State())) {
      Flow()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.ticking(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticking(.tick)) { $0 = .ticking(Ticker.State(ticks: 1)) }
    await store.send(action) { $0 = .idle }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aCaseChangeByTheWrappedReducerCancelsTheChildsEffects() async {
    await tickThenLeaveTheCase(with: .stopFromWrappedReducer)
  }

  @Test func aCaseChangeByASiblingReducerCancelsTheChildsEffects() async {
    await tickThenLeaveTheCase(with: .stopFromSibling)
  }

  @Test func aCaseChangeByAParentAboveCancelsTheChildsEffects() async {
    struct Root: Reducer {
      struct State: Equatable { var flow = Flow.State.ticking(Ticker.State()) }
      enum Action: Equatable {
        case flow(Flow.Action)
        case reset
      }
      var body: some ReducerOf<Self> {
        Scope(state: \.flow, action: Action.flow) { Flow() }
        Reduce { state, action in
          if action == .reset { state.flow = .idle }
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Root.State()) {
      Root()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.flow(.ticking(.start)))
    await store.send(.reset) { $0.flow = .idle }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }
}
