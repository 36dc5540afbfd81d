import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite("Store scoping for presentation")
struct StorePresentationTests {
  @Test("a child store while presented, nil otherwise; sends go in as .presented")
  func presentedStore() {
    let store = Store(initialState: TimerHost.State()) { TimerHost() }
    #expect(store.scope(state: \.$child, action: TimerHost.Action.child) == nil)
    store.send(.present(id: 1))
    let child = store.scope(state: \.$child, action: TimerHost.Action.child)
    #expect(child?.state == TimerChild.State(id: 1))
    child?.send(.tick)
    #expect(store.state.child?.ticks == 1)
    #expect(store.state.ticksSeenByParent == 1)
    // Cached while presented.
    #expect(store.scope(state: \.$child, action: TimerHost.Action.child) === child)
    #expect(store.scope(state: \.$child, action: CasePath(TimerHost.Action.child)) === child)
  }

  @Test("once dismissed, scoping gives nil and the old child store is invalid")
  func invalidatedOnDismiss() {
    let recorder = WarningRecorder(matching: "tick")
    let store = Store(initialState: TimerHost.State()) { TimerHost() }
    store.send(.present(id: 1))
    let child = store.scope(state: \.$child, action: TimerHost.Action.child)
    store.send(.child(.dismiss))
    #expect(store.scope(state: \.$child, action: TimerHost.Action.child) == nil)
    #expect(child?.core.isValid == false)
    child?.send(.tick)
    #expect(store.state.child == nil)
    #expect(recorder.messages.count == 1)
    // Presented again: a store for the new child.
    store.send(.present(id: 2))
    let again = store.scope(state: \.$child, action: TimerHost.Action.child)
    #expect(again?.state == TimerChild.State(id: 2))
  }

  @Test("another child presented in its place gets a new store; the old one is invalid")
  func replacedChildGetsANewStore() {
    let store = Store(initialState: TimerHost.State()) { TimerHost() }
    store.send(.present(id: 1))
    let first = store.scope(state: \.$child, action: TimerHost.Action.child)
    store.send(.present(id: 2))
    let second = store.scope(state: \.$child, action: TimerHost.Action.child)
    #expect(second?.state == TimerChild.State(id: 2))
    #expect(second !== first)
    #expect(first?.core.isValid == false)
    // Another case of a destination enum: a new destination store too.
    store.send(.presentDestination(.timer(TimerChild.State(id: 1))))
    let timer = store.scope(state: \.$destination, action: TimerHost.Action.destination)
    store.send(.presentDestination(.other(TimerChild.State(id: 1))))
    let other = store.scope(state: \.$destination, action: TimerHost.Action.destination)
    #expect(other !== timer)
    #expect(timer?.core.isValid == false)
    #expect(other?.state == .other(TimerChild.State(id: 1)))
  }

  @Test("a store for one case of a destination enum, nil in another case")
  func caseStore() {
    let store = Store(initialState: TimerHost.State()) { TimerHost() }
    store.send(.presentDestination(.timer(TimerChild.State(id: 1))))
    let destination = store.scope(state: \.$destination, action: TimerHost.Action.destination)
    #expect(destination != nil)
    let timer = destination?.scope(
      state: TimerDestination.State.timer, action: TimerDestination.Action.timer)
    #expect(timer?.state == TimerChild.State(id: 1))
    #expect(
      destination?.scope(
        state: TimerDestination.State.other, action: TimerDestination.Action.other) == nil)
    timer?.send(.tick)
    #expect(store.state.destination == .timer(TimerChild.State(id: 1, ticks: 1)))
    // Cached while in the case.
    #expect(
      destination?.scope(
        state: CasePath(TimerDestination.State.timer),
        action: CasePath(TimerDestination.Action.timer)) === timer)
  }

  @Test("a case store is invalid once its enum state leaves the case")
  func caseStoreLeavesTheCase() {
    typealias Screen = ScopeCaseTests.Screen
    let store = Store(initialState: Screen.State.timer(TimerChild.State(id: 1))) { Screen() }
    let timer = store.scope(state: Screen.State.timer, action: Screen.Action.timer)
    #expect(timer?.state == TimerChild.State(id: 1))
    store.send(.show(.other(TimerChild.State(id: 2))))
    #expect(store.scope(state: Screen.State.timer, action: Screen.Action.timer) == nil)
    #expect(timer?.core.isValid == false)
    let other = store.scope(state: Screen.State.other, action: Screen.Action.other)
    #expect(other?.state == TimerChild.State(id: 2))
    other?.send(.tick)
    #expect(store.state == .other(TimerChild.State(id: 2, ticks: 1)))
  }

  @Test("setting the UI binding to nil sends .dismiss; while nothing is presented it does nothing")
  func bindingSetToNilDismisses() {
    let store = Store(initialState: TimerHost.State()) { TimerHost() }
    store.setPresentedStore(
      Store<TimerChild.State, TimerChild.Action>?.none, state: \.$child,
      action: TimerHost.Action.child)
    #expect(store.state.sawChildOnDismiss == nil)
    store.send(.present(id: 1))
    let child = store.scope(state: \.$child, action: TimerHost.Action.child)
    store.setPresentedStore(child, state: \.$child, action: TimerHost.Action.child)
    #expect(store.state.child != nil)
    store.setPresentedStore(nil, state: \.$child, action: TimerHost.Action.child)
    #expect(store.state.child == nil)
    #expect(store.state.sawChildOnDismiss == true)
  }
}
