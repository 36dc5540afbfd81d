import Foundation
import ReducerKitTesting
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

  /// A parent whose optional child has an observer (so no stored offset: the key path is used).
  struct Watched: Reducer {
    struct State: Equatable {
      var timer: Timer.State? {
        didSet { timerWrites += 1 }
      }
      var timerWrites = 0
    }
    enum Action: Equatable {
      case timer(Timer.Action)
      case show
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .show = action { state.timer = Timer.State() }
        return .none
      }
      .ifLet(\.timer, action: Action.timer) { Timer() }
    }
  }

  @Test func anActionForAnAbsentChildDoesNotWriteThePropertyBack() {
    let recorder = WarningRecorder(matching: "ifLet")
    let store = Store(initialState: Watched.State()) { Watched() }
    store.send(.timer(.tick))
    #expect(store.state.timerWrites == 0)
    #expect(recorder.messages.count == 1)
    store.send(.show)
    store.send(.timer(.tick))
    #expect(store.state.timer?.ticks == 1)
    #expect(store.state.timerWrites == 2)
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

  /// A generic feature does not know its child is `Identifiable`; the `ifLet` inside it still
  /// treats a new id as a new child.
  struct Holder<Child: Reducer>: Reducer where Child.Action == Timer.Action {
    struct State { var child: Child.State? }
    enum Action { case child(Timer.Action), replace(Child.State) }
    let child: Child
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .replace(let newChild) = action { state.child = newChild }
        return .none
      }
      .ifLet(\.child, action: Action.child) { child }
    }
  }

  @Test func aGenericFeaturesIdentifiableChildIsCancelledWhenItsIDChanges() async {
    let sleeper = Reduce<Item, Timer.Action> { _, action in
      action == .start ? .run { _ in try await Task.sleep(for: .seconds(60)) } : .none
    }
    let store = Store(initialState: Holder<Reduce<Item, Timer.Action>>.State(child: Item(id: 1))) {
      Holder(child: sleeper)
    }
    let task = store.send(.child(.start))
    store.send(.replace(Item(id: 1, ticks: 5)))
    #expect(!task.isCancelled)
    store.send(.replace(Item(id: 2)))
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

  // MARK: Dismissal by any route (issue 11, bug 1)

  /// A sheet whose child is dismissed by the `ifLet`'s own reducer, by a sibling `Reduce` after
  /// it in the same `body`, or by a binding.
  struct Sheet: Reducer {
    struct State: Equatable {
      var child: Ticker.State?
    }
    enum Action: Equatable, BindableAction {
      case child(Ticker.Action)
      case show
      case dismissFromWrappedReducer
      case dismissFromSibling
      case binding(BindingAction<State>)
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .show: state.child = Ticker.State()
        case .dismissFromWrappedReducer: state.child = nil
        default: break
        }
        return .none
      }
      .ifLet(\.child, action: Action.child) { Ticker() }
      Reduce { state, action in
        if action == .dismissFromSibling { state.child = nil }
        return .none
      }
    }
  }

  /// A parent above the sheet that dismisses the sheet's child itself.
  struct App: Reducer {
    struct State: Equatable {
      var sheet = Sheet.State()
    }
    enum Action: Equatable {
      case sheet(Sheet.Action)
      case dismissFromParent
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.sheet, action: Action.sheet) { Sheet() }
      Reduce { state, action in
        if action == .dismissFromParent { state.sheet.child = nil }
        return .none
      }
    }
  }

  /// Presents the child, starts its ticking effect, sees one tick, then dismisses it with
  /// `dismissal`; after that no tick may arrive however far the clock goes, and nothing may be
  /// left running.
  func presentTickThenDismiss(with dismissal: App.Action) async {
    let clock = TestClock()
    let store = TestStore(initialState: App.State()) {
      App()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.sheet(.show)) { $0.sheet.child = Ticker.State() }
    await store.send(.sheet(.child(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.child(.tick))) { $0.sheet.child?.ticks = 1 }
    await store.send(dismissal) { $0.sheet.child = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func dismissalByTheWrappedReducerCancelsTheChildsEffects() async {
    await presentTickThenDismiss(with: .sheet(.dismissFromWrappedReducer))
  }

  @Test func dismissalByASiblingReducerCancelsTheChildsEffects() async {
    await presentTickThenDismiss(with: .sheet(.dismissFromSibling))
  }

  @Test func dismissalByAParentAboveCancelsTheChildsEffects() async {
    await presentTickThenDismiss(with: .dismissFromParent)
  }

  @Test func dismissalByABindingCancelsTheChildsEffects() async {
    await presentTickThenDismiss(with: .sheet(.binding(.set(\.child, nil))))
  }

  @Test func replacingAnIdentifiableChildFromASiblingCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: App.State()) {
      App()
      Reduce<App.State, App.Action> { state, action in
        // After the sheet's own sibling dismissed the child, present another instance.
        if action == .sheet(.dismissFromSibling) { state.sheet.child = Ticker.State(id: 1) }
        return .none
      }
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.sheet(.show)) { $0.sheet.child = Ticker.State() }
    await store.send(.sheet(.child(.start)))
    await store.send(.sheet(.dismissFromSibling)) { $0.sheet.child = Ticker.State(id: 1) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aChildThatStaysPresentKeepsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: App.State()) {
      App()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.sheet(.show)) { $0.sheet.child = Ticker.State() }
    let task = await store.send(.sheet(.child(.start)))
    // Unrelated actions do not disturb it.
    await store.send(.dismissFromParent) { $0.sheet.child = nil }
    await store.send(.sheet(.show)) { $0.sheet.child = Ticker.State() }
    let second = await store.send(.sheet(.child(.start)))
    await store.send(.sheet(.binding(.set(\.child, Ticker.State(ticks: 5))))) {
      $0.sheet.child?.ticks = 5
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.child(.tick))) { $0.sheet.child?.ticks = 6 }
    #expect(task.isCancelled)
    #expect(!second.isCancelled)
    await second.cancel()
  }
}
