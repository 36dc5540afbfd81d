import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StackForEachTests {
  /// A pushed screen with a timer that ticks every second on the clock dependency.
  struct Detail: Reducer {
    struct State: Equatable {
      var title = ""
      var ticks = 0
    }
    enum Action: Equatable { case startTimer, stopTimer, tick, tapped }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startTimer:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: "timer")
      case .stopTimer:
        return .cancel(id: "timer")
      case .tick:
        state.ticks += 1
        return .none
      case .tapped:
        state.title = "tapped"
        return .none
      }
    }
  }

  /// The stack's destinations as an enum, composed by hand (no enum-case `Scope` needed).
  struct Path: Reducer {
    enum State: Equatable {
      case detail(Detail.State)
      case settings
    }
    enum Action: Equatable { case detail(Detail.Action) }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch (state, action) {
        case (.detail(var detail), .detail(let detailAction)):
          let effect = Detail().reduce(into: &detail, action: detailAction)
          state = .detail(detail)
          return effect.map(Action.detail)
        case (.settings, .detail):
          return .none
        }
      }
    }
  }

  struct App: Reducer {
    struct State: Equatable {
      var path = StackState<Path.State>()
      var log: [String] = []
    }
    enum Action: Equatable {
      case path(StackActionOf<Path>)
      case showDetail
      case removeLast
      case popTo(StackElementID)
      case replacePath
      case siblingClears
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .path(.element(let id, _)):
          if case .detail(let detail)? = state.path[id: id] {
            state.log.append("parent saw \(id) titled \(detail.title)")
          }
        case .path(.popFrom(let id)):
          state.log.append("parent saw popFrom \(id) with \(state.path.count) on the stack")
        case .path(.push(let id, _)):
          state.log.append("parent saw push \(id) with \(state.path.count) on the stack")
        case .showDetail:
          state.path.append(.detail(Detail.State()))
        case .removeLast:
          state.path.removeLast()
        case .popTo(let id):
          state.path.pop(to: id)
        case .replacePath:
          state.path = StackState([.settings])
        case .siblingClears:
          break
        }
        return .none
      }
      .forEach(\.path, action: Action.path) { Path() }
      Reduce { state, action in
        if action == .siblingClears { state.path.removeAll() }
        return .none
      }
    }
  }

  func makeStore(
    _ clock: TestClock = TestClock(), initialState: App.State = App.State()
  ) -> TestStoreOf<App> {
    TestStore(initialState: initialState) {
      App()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func pushElementAndPopFromReadAsInTCA() async {
    let store = makeStore()
    await store.send(.path(.push(id: 0, state: .detail(Detail.State())))) {
      $0.path[id: 0] = .detail(Detail.State())
      $0.log = ["parent saw push #0 with 0 on the stack"]
    }
    await store.send(.path(.element(id: 0, action: .detail(.tapped)))) {
      $0.path[id: 0] = .detail(Detail.State(title: "tapped"))
      $0.log.append("parent saw #0 titled tapped")
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.log.append("parent saw popFrom #0 with 1 on the stack")
    }
    await store.finish()
  }

  @Test func anElementsCaseCanBeAssertedInPlaceWithACasePath() async {
    let store = makeStore()
    await store.send(.showDetail) { $0.path[id: 0] = .detail(Detail.State()) }
    await store.send(.path(.element(id: 0, action: .detail(.tapped)))) {
      CasePath(Path.State.detail).modify(&$0.path[id: 0]!) { $0.title = "tapped" }
      $0.log = ["parent saw #0 titled tapped"]
    }
  }

  @Test func popFromPopsThatElementAndEveryOneAbove() async {
    let store = makeStore()
    await store.send(.showDetail) { $0.path[id: 0] = .detail(Detail.State()) }
    await store.send(.showDetail) { $0.path[id: 1] = .detail(Detail.State()) }
    await store.send(.showDetail) { $0.path[id: 2] = .detail(Detail.State()) }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.removeLast(2)
      $0.log = ["parent saw popFrom #1 with 3 on the stack"]
    }
    #expect(store.state.path.ids == [0])
  }

  @Test func idsCountPushesAndNeverReuseOne() async {
    let store = makeStore()
    await store.send(.showDetail) { $0.path[id: 0] = .detail(Detail.State()) }
    await store.send(.showDetail) { $0.path[id: 1] = .detail(Detail.State()) }
    await store.send(.removeLast) { $0.path[id: 1] = nil }
    await store.send(.path(.push(id: 2, state: .settings))) {
      $0.path[id: 2] = .settings
      $0.log = ["parent saw push #2 with 1 on the stack"]
    }
    await store.send(.showDetail) { $0.path[id: 3] = .detail(Detail.State()) }
    #expect(store.state.path.ids == [0, 2, 3])
  }

  @Test func pushingStartsNoEffect() async {
    let store = makeStore()
    await store.send(.path(.push(id: 0, state: .detail(Detail.State())))) {
      $0.path[id: 0] = .detail(Detail.State())
      $0.log = ["parent saw push #0 with 0 on the stack"]
    }
    await store.finish()
  }

  /// Pushes a detail, starts its timer and checks one tick, then pops it with `pop` and proves
  /// the timer stopped: advancing the clock delivers nothing and `finish()` passes.
  func assertTimerStops(
    after pop: App.Action, assert update: @escaping (inout App.State) -> Void
  ) async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.showDetail) { $0.path[id: 0] = .detail(Detail.State()) }
    await store.send(.path(.element(id: 0, action: .detail(.startTimer)))) {
      $0.log = ["parent saw #0 titled "]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .detail(.tick)))) {
      $0.path[id: 0] = .detail(Detail.State(ticks: 1))
      $0.log.append("parent saw #0 titled ")
    }
    await store.send(pop, assert: update)
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func popFromCancelsTheElementsEffects() async {
    await assertTimerStops(after: .path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.log.append("parent saw popFrom #0 with 1 on the stack")
    }
  }

  @Test func theParentsRemoveLastCancelsTheElementsEffects() async {
    await assertTimerStops(after: .removeLast) { $0.path.removeLast() }
  }

  @Test func popToCancelsTheEffectsOfTheElementsAbove() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.showDetail) { $0.path[id: 0] = .detail(Detail.State()) }
    await store.send(.showDetail) { $0.path[id: 1] = .detail(Detail.State()) }
    await store.send(.path(.element(id: 1, action: .detail(.startTimer)))) {
      $0.log = ["parent saw #1 titled "]
    }
    await store.send(.popTo(0)) { $0.path.removeLast() }
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func aSiblingReducerClearingTheStackCancelsTheElementsEffects() async {
    await assertTimerStops(after: .siblingClears) { $0.path = StackState() }
  }

  @Test func replacingTheWholeStackCancelsTheElementsEffects() async {
    await assertTimerStops(after: .replacePath) {
      $0.path = StackState()
      $0.path[id: 1] = .settings
    }
  }

  @Test func poppingFromBelowCancelsTheEffectsOfEveryElementAbove() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.showDetail) { $0.path[id: 0] = .detail(Detail.State()) }
    await store.send(.showDetail) { $0.path[id: 1] = .detail(Detail.State()) }
    await store.send(.path(.element(id: 0, action: .detail(.startTimer)))) {
      $0.log = ["parent saw #0 titled "]
    }
    await store.send(.path(.element(id: 1, action: .detail(.startTimer)))) {
      $0.log.append("parent saw #1 titled ")
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.log.append("parent saw popFrom #0 with 2 on the stack")
    }
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func elementsCancellationIDsAreTheirOwn() async {
    let clock = TestClock()
    let store = makeStore(clock)
    store.exhaustivity = .off
    await store.send(.showDetail)
    await store.send(.showDetail)
    await store.send(.path(.element(id: 0, action: .detail(.startTimer))))
    await store.send(.path(.element(id: 1, action: .detail(.startTimer))))
    await store.send(.path(.element(id: 0, action: .detail(.stopTimer))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .detail(.tick))))
    #expect(store.state.path[id: 0] == .detail(Detail.State(ticks: 0)))
    #expect(store.state.path[id: 1] == .detail(Detail.State(ticks: 1)))
    await store.send(.removeLast)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func theParentSeesTheStackBeforeAPushOrPopAndTheElementAfterItsAction() async {
    let store = makeStore()
    await store.send(.path(.push(id: 0, state: .detail(Detail.State())))) {
      $0.path[id: 0] = .detail(Detail.State())
      $0.log = ["parent saw push #0 with 0 on the stack"]
    }
    await store.send(.path(.element(id: 0, action: .detail(.tapped)))) {
      $0.path[id: 0] = .detail(Detail.State(title: "tapped"))
      $0.log.append("parent saw #0 titled tapped")
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeLast()
      $0.log.append("parent saw popFrom #0 with 1 on the stack")
    }
  }

  @Test func anElementActionForAnAbsentIDIsAWarningAndChangesNothing() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.path(.element(id: 3, action: .detail(.tapped))))
    } matching: { issue in
      String(describing: issue).contains("not on the stack")
    }
    #expect(store.state.path.isEmpty)
  }

  @Test func aPopFromForAnAbsentIDIsAWarningAndChangesNothing() async {
    let store = makeStore()
    await store.send(.showDetail) { $0.path[id: 0] = .detail(Detail.State()) }
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 5))) {
        $0.log = ["parent saw popFrom #5 with 1 on the stack"]
      }
    } matching: { issue in
      String(describing: issue).contains("not on the stack")
    }
    #expect(store.state.path.ids == [0])
  }

  @Test func aPushForAnIDOnTheStackIsAWarningAndChangesNothing() async {
    let store = makeStore()
    await store.send(.showDetail) { $0.path[id: 0] = .detail(Detail.State()) }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: .settings))) {
        $0.log = ["parent saw push #0 with 1 on the stack"]
      }
    } matching: { issue in
      String(describing: issue).contains("already on the stack")
    }
    #expect(store.state.path[id: 0] == .detail(Detail.State()))
  }

  @Test func aPlainStoreWarnsTooWithoutCrashing() {
    let recorder = WarningRecorder(matching: "not on the stack")
    let store = Store(initialState: App.State()) { App() }
    store.send(.path(.element(id: 99, action: .detail(.tapped))))
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("element(id: #99") == true)
  }

  @Test func aTestEndingWithAPushedElementsEffectRunningReportsItInFlight() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.showDetail) { $0.path[id: 0] = .detail(Detail.State()) }
    await store.send(.path(.element(id: 0, action: .detail(.startTimer)))) {
      $0.log = ["parent saw #0 titled "]
    }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("still running") && text.contains("element(id: #0")
        && text.contains("startTimer")
    }
  }

  @Test func aPlainStoreCancelsAPoppedElementsEffects() async {
    let clock = TestClock()
    let store = Store(initialState: App.State()) {
      App()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.showDetail)
    let id = store.state.path.ids[0]
    store.send(.path(.element(id: id, action: .detail(.startTimer))))
    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.state.path[id: id] == .detail(Detail.State(ticks: 1)) })
    store.send(.path(.popFrom(id: id)))
    // Bounded: a timer that was not cancelled would keep running.
    #expect(await eventually { store.core.registry.count == 0 })
    #expect(store.state.path.isEmpty)
  }
}

/// An element that closes itself with `dismiss()`, inside a `Path` enum composed with the
/// enum-case `Scope`: its effects carry two lifetimes, the stack element's and the case's.
@MainActor
@Suite struct StackForEachDismissalTests {
  struct Closable: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable { case start, tick, close }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss
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
        state.ticks += 1
        return .none
      case .close:
        return .run { _ in await dismiss() }
      }
    }
  }

  struct Path: Reducer {
    enum State: Equatable { case closable(Closable.State) }
    enum Action: Equatable { case closable(Closable.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: State.closable, action: Action.closable) { Closable() }
    }
  }

  struct Stack: Reducer {
    struct State: Equatable { var path = StackState<Path.State>() }
    enum Action: Equatable { case path(StackActionOf<Path>) }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.path, action: Action.path) { Path() }
    }
  }

  @Test func anElementsDismissPopsItAndCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Stack.State()) {
      Stack()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.push(id: 0, state: .closable(Closable.State())))) {
      $0.path[id: 0] = .closable(Closable.State())
    }
    await store.send(.path(.push(id: 1, state: .closable(Closable.State())))) {
      $0.path[id: 1] = .closable(Closable.State())
    }
    await store.send(.path(.element(id: 0, action: .closable(.start))))
    await clock.advance(by: .seconds(1))
    await store.receive(Stack.Action.path(.element(id: 0, action: .closable(.tick)))) {
      $0.path[id: 0] = .closable(Closable.State(ticks: 1))
    }
    // The lower element closes itself: it and every element above it are popped.
    await store.send(.path(.element(id: 0, action: .closable(.close))))
    await store.receive(Stack.Action.path(.popFrom(id: 0))) { $0.path = StackState() }
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(!store.isDismissed)
  }
}
