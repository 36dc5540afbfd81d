import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct ScopeTests {
  struct Parent: Reducer {
    struct State: Equatable {
      var counter = Counter.State()
      var other = Counter.State()
      var log: [String] = []
    }
    enum Action: Equatable {
      case counter(Counter.Action)
      case other(Counter.Action)
      case parent
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
      Counter().pull(state: \State.other, action: Action.other)
      Reduce { state, action in
        state.log.append("parent saw \(action)")
        return .none
      }
    }
  }

  @Test func runsTheChildOnItsStateForItsActions() {
    var state = Parent.State()
    _ = Parent().reduce(into: &state, action: .counter(.increment))
    #expect(state.counter.count == 1)
    #expect(state.other.count == 0)
    _ = Parent().reduce(into: &state, action: .other(.decrement))
    #expect(state.other.count == -1)
    #expect(state.counter.count == 1)
  }

  @Test func ignoresOtherActions() {
    var state = Parent.State()
    _ = Parent().reduce(into: &state, action: .parent)
    #expect(state.counter.count == 0)
    #expect(state.log == ["parent saw parent"])
  }

  @Test func theChildRunsBeforeTheParentBlockAfterIt() {
    var state = Parent.State()
    _ = Parent().reduce(into: &state, action: .counter(.increment))
    #expect(state.log == ["parent saw counter(ReducerKitTests.Counter.Action.increment)"])
  }

  @Test func acceptsACasePath() {
    let scope = Scope(state: \Parent.State.counter, action: CasePath(Parent.Action.counter)) {
      Counter()
    }
    var state = Parent.State()
    _ = scope.reduce(into: &state, action: .counter(.set(9)))
    #expect(state.counter.count == 9)
    let pulled = Counter().pull(state: \Parent.State.other, action: CasePath(Parent.Action.other))
    _ = pulled.reduce(into: &state, action: .other(.set(4)))
    #expect(state.other.count == 4)
  }

  @Test func everyShapeOfChildCaseRunsTheChildOnItsOwnActionsOnly() {
    // A boxed case and a payload type two cases share take the general route; a plain unique
    // case the direct one. Each must reach its child, and only for its own actions.
    struct Boxed: Reducer {
      struct State: Equatable {
        var counter = Counter.State()
        var total = 0
      }
      enum Action: Equatable {
        indirect case counter(Counter.Action)
        case total(Int)
      }
      var body: some ReducerOf<Self> {
        Scope(state: \.counter, action: Action.counter) { Counter() }
      }
    }
    let boxed = Scope(state: \Boxed.State.counter, action: Boxed.Action.counter) { Counter() }
    let shared = Scope(state: \Parent.State.other, action: Parent.Action.other) { Counter() }
    let plain = Scope(state: \Boxed.State.total, action: Boxed.Action.total) {
      Reduce<Int, Int> { state, add in
        state += add
        return .none
      }
    }
    #expect(takesDirectRoute(boxed) == false)
    #expect(takesDirectRoute(shared) == false)
    #expect(takesDirectRoute(plain) == true)

    var boxedState = Boxed.State()
    _ = Boxed().reduce(into: &boxedState, action: .counter(.increment))
    _ = Boxed().reduce(into: &boxedState, action: .total(5))
    #expect(boxedState == Boxed.State(counter: Counter.State(count: 1), total: 0))
    _ = plain.reduce(into: &boxedState, action: .total(5))
    _ = plain.reduce(into: &boxedState, action: .counter(.increment))
    #expect(boxedState.total == 5)
    #expect(boxedState.counter.count == 1)

    var state = Parent.State()
    _ = shared.reduce(into: &state, action: .other(.increment))
    _ = shared.reduce(into: &state, action: .counter(.increment))
    #expect(state.other.count == 1)
    #expect(state.counter.count == 0)
  }

  @Test func aCasePathOfClosuresOverAStructActionReachesTheChild() {
    // Not an enum: no case to test by its tag, so the level takes the closures' route.
    struct Envelope { var counter: Counter.Action? }
    let path = CasePath<Envelope, Counter.Action>(
      embed: { Envelope(counter: $0) }, extract: { $0.counter })
    let scope = Scope(state: \Parent.State.counter, action: path) { Counter() }
    var state = Parent.State()
    _ = scope.reduce(into: &state, action: Envelope(counter: .increment))
    _ = scope.reduce(into: &state, action: Envelope(counter: nil))
    _ = scope.reduce(into: &state, action: Envelope(counter: .increment))
    #expect(state.counter.count == 2)
  }

  @Test func mapsChildEffectsToParentActions() async {
    enum ChildAction { case start, done }
    enum ParentAction { case child(ChildAction) }
    let store = Store(initialState: [String]()) {
      Scope(state: \[String].self, action: ParentAction.child) {
        Reduce<[String], ChildAction> { state, action in
          switch action {
          case .start: return .run { send in await send(.done) }
          case .done:
            state.append("done")
            return .none
          }
        }
      }
    }
    await store.send(.child(.start)).finish()
    #expect(store.state == ["done"])
  }

  @Test func siblingChildrenUsingTheSameIDDoNotCancelEachOther() async {
    enum ChildAction { case start, stop, tick }
    enum ParentAction: Equatable { case a(ChildAction), b(ChildAction), stopAll }
    struct State { var a = 0, b = 0 }
    let child = Reduce<Int, ChildAction> { state, action in
      switch action {
      case .start:
        return .run { send in
          try await Task.sleep(for: .seconds(60))
          await send(.tick)
        }
        .cancellable(id: "timer")
      case .stop: return .cancel(id: "timer")
      case .tick:
        state += 1
        return .none
      }
    }
    let store = Store(initialState: State()) {
      Scope(state: \State.a, action: ParentAction.a) { child }
      Scope(state: \State.b, action: ParentAction.b) { child }
      Reduce { _, action in
        // The parent's "timer" is not the children's.
        action == .stopAll ? .cancel(id: "timer") : .none
      }
    }
    let a = store.send(.a(.start))
    let b = store.send(.b(.start))
    store.send(.a(.stop))
    #expect(a.isCancelled)
    #expect(!b.isCancelled)
    store.send(.stopAll)
    #expect(!b.isCancelled)
    b.cancel()
    await b.finish()
  }

  /// Features written as apps write them: each a concrete type with a `body`, nested three
  /// deep, with a sibling reducer in the same body at every level. In a release build the
  /// nest runs as direct calls (no closure per level); the behaviour must be the same.
  struct Leaf: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable { case start, wait, stop, tick }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .start:
          return .run { send in await send(.tick) }.cancellable(id: "timer")
        case .wait:
          return .run { _ in try await Task.never() }.cancellable(id: "timer")
        case .stop: return .cancel(id: "timer")
        case .tick:
          state.ticks += 1
          return .none
        }
      }
    }
  }

  struct Middle: Reducer {
    struct State: Equatable {
      var leaf = Leaf.State()
      var seen = 0
    }
    enum Action: Equatable { case leaf(Leaf.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.leaf, action: Action.leaf) { Leaf() }
      Reduce { state, _ in
        state.seen += 1
        return .none
      }
    }
  }

  struct Top: Reducer {
    struct State: Equatable {
      var middle = Middle.State()
      var other = Middle.State()
    }
    enum Action: Equatable {
      case middle(Middle.Action)
      case other(Middle.Action)
      case stopAll
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.middle, action: Action.middle) { Middle() }
      Scope(state: \.other, action: Action.other) { Middle() }
      Reduce { _, action in action == .stopAll ? .cancel(id: "timer") : .none }
    }
  }

  @Test func nestedFeaturesWithBodiesRunTheirLevelsAndScopeTheirEffects() async {
    let store = Store(initialState: Top.State()) { Top() }
    await store.send(.middle(.leaf(.start))).finish()
    #expect(store.state.middle.leaf.ticks == 1)
    // The start and the tick, each seen by the middle level's own reducer.
    #expect(store.state.middle.seen == 2)
    #expect(store.state.other == Middle.State())

    store.send(.other(.leaf(.tick)))
    #expect(store.state.other.leaf.ticks == 1)
    #expect(store.state.middle.leaf.ticks == 1)
    // The parent's "timer" is not the leaves', and each leaf's is its own.
    let waiting = store.send(.middle(.leaf(.wait)))
    store.send(.stopAll)
    store.send(.other(.leaf(.stop)))
    #expect(!waiting.isCancelled)
    store.send(.middle(.leaf(.stop)))
    #expect(waiting.isCancelled)
    await waiting.finish()
  }

  @Test func storesScopedForAViewDriveTheNestedFeatures() async {
    // As a UI holds them: a store for the middle screen, one for its leaf below it.
    let store = Store(initialState: Top.State()) { Top() }
    let middle = store.scope(state: \.middle, action: Top.Action.middle)
    let leaf = middle.scope(state: \.leaf, action: Middle.Action.leaf)
    await leaf.send(.start).finish()
    leaf.send(.tick)
    #expect(leaf.ticks == 2)
    #expect(middle.seen == 3)
    #expect(store.state.middle.leaf.ticks == 2)
    #expect(store.state.other == Middle.State())
    // A sibling store's leaf with the same cancel id is its own.
    let otherLeaf = store.scope(state: \.other, action: Top.Action.other)
      .scope(state: \.leaf, action: Middle.Action.leaf)
    let waiting = leaf.send(.wait)
    otherLeaf.send(.stop)
    #expect(!waiting.isCancelled)
    leaf.send(.stop)
    #expect(waiting.isCancelled)
    await waiting.finish()
  }

  /// A parent whose child state is reached through a computed property (no stored offset), and
  /// one whose child property has an observer: both go through the key path.
  struct Boxed: Reducer {
    struct State: Equatable {
      var storage: [Counter.State] = [Counter.State()]
      var counter: Counter.State {
        get { storage[0] }
        set { storage[0] = newValue }
      }
      var observed = Counter.State() {
        didSet { observedWrites += 1 }
      }
      var observedWrites = 0
    }
    enum Action: Equatable {
      case counter(Counter.Action)
      case observed(Counter.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
      Scope(state: \.observed, action: Action.observed) { Counter() }
    }
  }

  @Test func aChildBehindAComputedPropertyIsReducedThroughItsKeyPath() {
    #expect(MemoryLayout<Boxed.State>.offset(of: \Boxed.State.counter) == nil)
    let store = Store(initialState: Boxed.State()) { Boxed() }
    store.send(.counter(.increment))
    store.send(.counter(.increment))
    #expect(store.state.storage == [Counter.State(count: 2)])
  }

  @Test func aChildPropertyWithAnObserverRunsItsObserverOncePerChildAction() {
    #expect(MemoryLayout<Boxed.State>.offset(of: \Boxed.State.observed) == nil)
    let store = Store(initialState: Boxed.State()) { Boxed() }
    store.send(.observed(.increment))
    #expect(store.state.observed.count == 1)
    #expect(store.state.observedWrites == 1)
    store.send(.counter(.increment))
    #expect(store.state.observedWrites == 1)
  }
}

extension ScopeTests.Parent.Action: Sendable {}
