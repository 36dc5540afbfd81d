import Foundation
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
}
