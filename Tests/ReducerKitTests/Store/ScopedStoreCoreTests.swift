import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct ScopedStoreCoreTests {
  struct Parent: Reducer {
    struct State { var counter = Counter.State() }
    enum Action { case counter(Counter.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
    }
  }

  @Test func readsAndSendsThroughTheParent() {
    let parent = Store(initialState: Parent.State()) { Parent() }
    let core = ScopedStoreCore(
      parent: parent, toState: { $0.counter }, fromAction: Parent.Action.counter)
    _ = core.send(.increment, group: nil)
    #expect(core.state.count == 1)
    #expect(parent.state.counter.count == 1)
    #expect(core.registry === parent.core.registry)
  }

  @Test func aChildStoreKeepsItsParentAlive() {
    var parent: Store<Parent.State, Parent.Action>? = Store(initialState: Parent.State()) {
      Parent()
    }
    let child = parent!.scope(state: \.counter, action: Parent.Action.counter)
    weak let weakParent = parent
    parent = nil
    #expect(weakParent != nil)
    child.send(.increment)
    #expect(child.count == 1)
  }

  // MARK: Sends to child stores from inside a reducer are queued (issue 12, item 2)

  /// A parent with an optional child and rows, whose reducer sends to child stores it is given.
  struct Host: Reducer {
    struct Row: Identifiable {
      let id: Int
      var counter = Counter.State()
    }
    struct State {
      var child: Counter.State? = Counter.State()
      var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    }
    enum Action {
      case child(Counter.Action)
      case rows(IdentifiedAction<Int, Counter.Action>)
      case run(dismissing: Bool)
    }
    let children: Children
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        guard case .run(let dismissing) = action else { return .none }
        MainActor.assumeIsolated { children.send?() }
        if dismissing {
          state.child = nil
          state.rows.remove(id: 1)
        }
        return .none
      }
      .ifLet(\.child, action: Action.child) { Counter() }
      .forEach(\.rows, action: Action.rows) {
        Reduce<Row, Counter.Action> { row, action in
          Counter().reduce(into: &row.counter, action: action)
        }
      }
    }
  }

  /// What the host's reducer sends to. Unchecked `Sendable`: used on the main actor only.
  final class Children: @unchecked Sendable {
    var send: (@MainActor () -> Void)?
  }

  func makeHost() -> (Store<Host.State, Host.Action>, Children) {
    let children = Children()
    return (Store(initialState: Host.State()) { Host(children: children) }, children)
  }

  @Test func anOptionalChildStoreSentToFromAReducerIsQueued() {
    let (store, children) = makeHost()
    let child = store.scope(state: \.child, action: Host.Action.child)!
    var countDuringSend: [Int] = []
    children.send = {
      child.send(.increment)
      countDuringSend.append(child.count)
    }
    store.send(.run(dismissing: false))
    // Reduced after the action that sent it, before `send` returned.
    #expect(countDuringSend == [0])
    #expect(store.state.child?.count == 1)
    #expect(child.count == 1)
  }

  @Test func aRowStoreSentToFromAReducerIsQueued() {
    let (store, children) = makeHost()
    let rows = store.scope(state: \.rows, action: Host.Action.rows)
    children.send = {
      rows[0].send(.increment)
      rows[1].send(.set(5))
    }
    store.send(.run(dismissing: false))
    #expect(store.state.rows.map(\.counter.count) == [1, 5])
    #expect(rows.map(\.counter.count) == [1, 5])
  }

  @Test func aQueuedChildActionWhoseStateWentAwayIsIgnoredWithAWarning() {
    let recorder = WarningRecorder(matching: "7301")
    let (store, children) = makeHost()
    let child = store.scope(state: \.child, action: Host.Action.child)!
    let rows = store.scope(state: \.rows, action: Host.Action.rows)
    children.send = {
      // Present when sent; removed by the same action before these are reduced.
      child.send(.set(7301))
      rows[0].send(.set(7301))
      rows[1].send(.set(7301))
    }
    store.send(.run(dismissing: true))
    #expect(store.state.child == nil)
    #expect(store.state.rows.map(\.counter.count) == [7301])
    #expect(recorder.messages.count == 2)
    #expect(recorder.messages.allSatisfy { $0.contains("no longer present") })
  }
}
