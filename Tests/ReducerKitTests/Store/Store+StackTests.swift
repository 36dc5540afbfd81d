import Foundation
import Observation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreStackTests {
  struct Screen: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct App: Reducer {
    struct State: Equatable {
      var path = StackState<Screen.State>()
      var log: [String] = []
    }
    enum Action: Equatable {
      case path(StackActionOf<Screen>)
      case push
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .path(.element(let id, _)):
          state.log.append("element \(id)")
        case .path(.popFrom(let id)):
          state.log.append("popFrom \(id)")
        case .path(.push(let id, _)):
          state.log.append("push \(id)")
        case .push:
          state.path.append(Screen.State())
        }
        return .none
      }
      .forEach(\.path, action: Action.path) { Screen() }
    }
  }

  func makeStore(pushes: Int) -> Store<App.State, App.Action> {
    let store = Store(initialState: App.State()) { App() }
    for _ in 0..<pushes { store.send(.push) }
    return store
  }

  @Test func oneStorePerElementInStackOrderSendingElementActions() {
    let store = makeStore(pushes: 3)
    let elements = store.scope(state: \.path, action: App.Action.path)
    #expect(elements.map(\.id) == store.state.path.ids)
    let middle = elements[1]
    middle.store.send(.increment)
    #expect(middle.store.count == 1)
    #expect(store.state.path[id: middle.id] == Screen.State(count: 1))
    #expect(store.state.log == ["element \(middle.id)"])
    #expect(elements[0].store.count == 0)
  }

  @Test func elementStoresAreCachedWhileTheirElementIsOnTheStack() {
    let store = makeStore(pushes: 2)
    let first = store.scope(state: \.path, action: App.Action.path)
    store.send(.push)
    let second = store.scope(state: \.path, action: App.Action.path)
    #expect(second.count == 3)
    #expect(first[0].store === second[0].store)
    #expect(first[1].store === second[1].store)
    #expect(
      store.scope(state: \.path, action: CasePath(App.Action.path))[0].store === first[0].store)
    #expect(store.scope(state: \.path, action: App.Action.path, id: first[1].id) === first[1].store)
  }

  @Test func elementStoresAreReleasedWhenTheirElementLeaves() {
    let store = makeStore(pushes: 2)
    weak var topStore: Store<Screen.State, Screen.Action>?
    let topID = store.state.path.ids[1]
    do {
      let elements = store.scope(state: \.path, action: App.Action.path)
      topStore = elements[1].store
      // (Kept alive explicitly: optimized builds end unused lifetimes early.)
      withExtendedLifetime(elements) { #expect(store.cachedChildCount == 2) }
      store.send(.path(.popFrom(id: topID)))
    }
    #expect(topStore == nil)
    let remaining = store.scope(state: \.path, action: App.Action.path)
    #expect(remaining.map(\.id) == store.state.path.ids)
    #expect(store.scope(state: \.path, action: App.Action.path, id: topID) == nil)
    withExtendedLifetime(remaining) { #expect(store.cachedChildCount == 1) }
  }

  @Test func aStoreKeptAfterItsElementWasPoppedReadsTheLastStateAndWarns() {
    let recorder = WarningRecorder(matching: "no longer present")
    let store = makeStore(pushes: 1)
    let element = store.scope(state: \.path, action: App.Action.path)[0]
    element.store.send(.increment)
    store.send(.path(.popFrom(id: element.id)))
    #expect(element.store.count == 1)
    element.store.send(.increment)
    #expect(recorder.messages.count == 1)
    #expect(store.state.path.isEmpty)
  }

  @Test func anElementsObserversAreNotNotifiedForAnotherElement() {
    let store = makeStore(pushes: 2)
    let elements = store.scope(state: \.path, action: App.Action.path)
    let changed = Locked(false)
    withObservationTracking {
      _ = elements[0].store.count
    } onChange: {
      changed.withLock { $0 = true }
    }
    elements[1].store.send(.increment)
    #expect(!changed.withLock { $0 })
    elements[0].store.send(.increment)
    #expect(changed.withLock { $0 })
  }

  @Test func thePathBindingReadsIDsAndSendsPopFromForAShorterPath() {
    let store = makeStore(pushes: 3)
    let ids = store.state.path.ids
    let path = store.stackPath(\.path, action: App.Action.path)
    #expect(path.wrappedValue == ids)
    path.wrappedValue = ids  // unchanged: nothing sent
    path.wrappedValue = ids + [StackElementID(generation: -5)]  // unknown id: nothing pushed
    #expect(store.state.log.isEmpty)
    path.wrappedValue = [ids[0]]
    #expect(store.state.log == ["popFrom \(ids[1])"])
    #expect(store.state.path.ids == [ids[0]])
    #expect(path.wrappedValue == [ids[0]])
  }

  @Test func popTargetIsTheFirstIDThatLeftThePath() {
    #expect(stackPopTarget(from: [0, 1, 2], to: [0, 1, 2]) == nil)
    #expect(stackPopTarget(from: [0, 1, 2], to: [0]) == 1)
    #expect(stackPopTarget(from: [0, 1, 2], to: []) == 0)
    #expect(stackPopTarget(from: [0, 1, 2], to: [0, 1, 2, 3]) == nil)
    #expect(stackPopTarget(from: [0, 1, 2], to: [0, 5]) == 1)
    #expect(stackPopTarget(from: [], to: [4]) == nil)
  }
}
