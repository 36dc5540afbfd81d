import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct IfLetTests {
  struct Timer: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable { case start, stop, tick }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          try await Task.sleep(for: .seconds(60))
          await send(.tick)
        }
        .cancellable(id: "timer")
      case .stop:
        return .cancel(id: "timer")
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var timer: Timer.State?
      var log: [String] = []
    }
    enum Action: Equatable {
      case timer(Timer.Action)
      case show, hide, parentTimer, stopParentTimer
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        state.log.append("parent: \(action), child ticks: \(state.timer?.ticks ?? -1)")
        switch action {
        case .show:
          state.timer = Timer.State()
          return .none
        case .hide:
          state.timer = nil
          return .none
        case .parentTimer:
          return .run { _ in try await Task.sleep(for: .seconds(60)) }.cancellable(id: "timer")
        case .stopParentTimer:
          return .cancel(id: "timer")
        case .timer(.tick):
          return .none
        case .timer:
          return .none
        }
      }
      .ifLet(\.timer, action: Action.timer) { Timer() }
    }
  }

  @Test func theChildRunsBeforeTheParent() {
    var state = Parent.State(timer: Timer.State())
    _ = Parent().reduce(into: &state, action: .timer(.tick))
    #expect(
      state.log == ["parent: timer(ReducerKitTests.IfLetTests.Timer.Action.tick), child ticks: 1"])
  }

  @Test func dismissingTheChildCancelsItsEffects() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.show)
    let task = store.send(.timer(.start))
    #expect(!task.isCancelled)
    store.send(.hide)
    #expect(task.isCancelled)
    await task.finish()
    #expect(store.core.registry.count == 0)
  }

  @Test func anActionForAnAbsentChildWarnsAndChangesNothing() {
    let recorder = WarningRecorder(matching: "ifLet")
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.timer(.tick))
    #expect(store.state.timer == nil)
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("tick") == true)
  }

  @Test func aParentCancelDoesNotReachTheChildsID() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.show)
    let child = store.send(.timer(.start))
    let parent = store.send(.parentTimer)
    store.send(.stopParentTimer)
    #expect(parent.isCancelled)
    #expect(!child.isCancelled)
    store.send(.timer(.stop))
    #expect(child.isCancelled)
    await child.finish()
    await parent.finish()
  }

  struct Item: Identifiable, Equatable {
    var id: Int
    var ticks = 0
  }

  @Test func changingTheIDOfAnIdentifiableChildCancelsItsEffects() async {
    enum Action: Equatable { case item(Timer.Action), replace(Int) }
    let store = Store(initialState: Item?.some(Item(id: 1))) {
      Reduce<Item?, Action> { state, action in
        if case .replace(let id) = action { state = Item(id: id) }
        return .none
      }
      .ifLet(\.self, action: Action.item) {
        Reduce<Item, Timer.Action> { _, action in
          action == .start
            ? .run { _ in try await Task.sleep(for: .seconds(60)) } : .none
        }
      }
    }
    let task = store.send(.item(.start))
    store.send(.replace(1))
    #expect(!task.isCancelled)
    store.send(.replace(2))
    #expect(task.isCancelled)
    await task.finish()
  }

  @Test func acceptsACasePath() {
    let reducer = EmptyReducer<Parent.State, Parent.Action>()
      .ifLet(\.timer, action: CasePath(Parent.Action.timer)) { Timer() }
    var state = Parent.State(timer: Timer.State())
    _ = reducer.reduce(into: &state, action: .timer(.tick))
    #expect(state.timer?.ticks == 1)
  }
}
