import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

/// Features that contain themselves (issue 39, item 1): TCA's recursion case study (`Nested`,
/// whose body is `.forEach(\.rows, action: Action.rows) { Self() }`), a tree through `ifLet`,
/// and threaded comments through a `Scope` on an enum case. A body is evaluated when the
/// level that holds it first runs, so a store of any of them is made at once and runs at any
/// depth the state has.
@MainActor
@Suite struct BodyEvaluationTests {
  @Test func aFeatureIsMarkedOnlyWhileItsBodyIsEvaluated() {
    struct A {}
    struct B {}
    let outer = BodyEvaluation.evaluating(A.self) {
      // Inside A's evaluation: A again is refused, B is evaluated (and A inside B refused).
      (
        BodyEvaluation.evaluating(A.self) { 1 },
        BodyEvaluation.evaluating(B.self) { BodyEvaluation.evaluating(A.self) { 2 } ?? -1 }
      )
    }
    #expect(outer?.0 == nil)
    #expect(outer?.1 == -1)
    // After it: A is evaluated again.
    #expect(BodyEvaluation.evaluating(A.self) { 3 } == 3)
  }

  /// TCA's `Nested` case study, ported.
  struct Nested: Reducer {
    struct State: Equatable, Identifiable {
      let id: UUID
      var name = ""
      var rows: IdentifiedArrayOf<State> = []
    }
    enum Action: Equatable {
      case addRowButtonTapped
      case nameTextFieldChanged(String)
      case onDelete(IndexSet)
      indirect case rows(IdentifiedActionOf<Nested>)
    }

    @Dependency(\.uuid) var uuid

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addRowButtonTapped:
          state.rows.append(State(id: uuid()))
          return .none
        case .nameTextFieldChanged(let name):
          state.name = name
          return .none
        case .onDelete(let indexSet):
          state.rows.remove(atOffsets: indexSet)
          return .none
        case .rows:
          return .none
        }
      }
      .forEach(\.rows, action: Action.rows) {
        Self()
      }
    }
  }

  @Test func aStoreOfAFeatureThatContainsItselfIsMadeAndRuns() async {
    let store = Store(initialState: Nested.State(id: UUID(0))) {
      Nested()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.send(.addRowButtonTapped)
    store.send(.rows(.element(id: UUID(0), action: .addRowButtonTapped)))
    store.send(
      .rows(
        .element(
          id: UUID(0), action: .rows(.element(id: UUID(1), action: .nameTextFieldChanged("deep")))))
    )
    #expect(store.state.rows[id: UUID(0)]?.rows[id: UUID(1)]?.name == "deep")
  }

  /// TCA's test of the case study, ported.
  @Test func testStoreOfTCAsRecursionCaseStudy() async {
    let store = TestStore(initialState: Nested.State(id: UUID(0))) {
      Nested()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addRowButtonTapped) {
      $0.rows.append(Nested.State(id: UUID(0)))
    }
    await store.send(.rows(.element(id: UUID(0), action: .addRowButtonTapped))) {
      $0.rows[id: UUID(0)]?.rows.append(Nested.State(id: UUID(1)))
    }
    await store.send(
      .rows(
        .element(
          id: UUID(0), action: .rows(.element(id: UUID(1), action: .nameTextFieldChanged("Blob")))))
    ) {
      $0.rows[id: UUID(0)]?.rows[id: UUID(1)]?.name = "Blob"
    }
    await store.send(.rows(.element(id: UUID(0), action: .onDelete([0])))) {
      $0.rows[id: UUID(0)]?.rows = []
    }
  }

  /// The stores a view of the case study makes: a row store per row, and its rows' stores.
  @Test func rowStoresOfRowStoresSendToTheirRows() {
    let store = Store(initialState: Nested.State(id: UUID(0))) {
      Nested()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.send(.addRowButtonTapped)
    let row = store.scope(state: \.rows, action: Nested.Action.rows).first!
    row.send(.addRowButtonTapped)
    let grandchild = row.scope(state: \.rows, action: Nested.Action.rows).first!
    grandchild.send(.nameTextFieldChanged("grandchild"))
    #expect(grandchild.name == "grandchild")
    #expect(store.state.rows[id: UUID(0)]?.rows[id: UUID(1)]?.name == "grandchild")
  }

  /// A chain as deep as the state is: 500 levels, each reached by its action.
  @Test func anyDepthTheStateHasRuns() {
    let depth = 500
    let store = Store(initialState: Nested.State(id: UUID(0))) {
      Nested()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    // Level k's action: `.rows(.element(id: UUID(k), action: level k+1's action))`.
    func action(toLevel level: Int, _ leaf: Nested.Action) -> Nested.Action {
      var action = leaf
      for index in stride(from: level - 1, through: 0, by: -1) {
        action = .rows(.element(id: UUID(index), action: action))
      }
      return action
    }
    for level in 0..<depth {
      store.send(action(toLevel: level, .addRowButtonTapped))
    }
    store.send(action(toLevel: depth, .nameTextFieldChanged("bottom")))
    var node = store.state
    for _ in 0..<depth { node = node.rows.first! }
    #expect(node.name == "bottom")
  }

  /// Effects of a row deep in the tree are scoped to it: removing its ancestor cancels them.
  struct Timed: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var ticks = 0
      var children: IdentifiedArrayOf<State> = []
    }
    enum Action: Equatable {
      case start, tick, add(Int), remove(Int)
      indirect case children(IdentifiedActionOf<Timed>)
    }
    let clock: any Clock<Duration>

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .start:
          return .run { send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
          }
          .cancellable(id: "timer")
        case .tick:
          state.ticks += 1
          return .none
        case .add(let id):
          state.children.append(State(id: id))
          return .none
        case .remove(let id):
          state.children.remove(id: id)
          return .none
        case .children:
          return .none
        }
      }
      .forEach(\.children, action: Action.children) { Timed(clock: clock) }
    }
  }

  @Test func removingAnAncestorCancelsTheEffectsOfItsDescendants() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timed.State(id: 0)) { Timed(clock: clock) }
    await store.send(.add(1)) { $0.children.append(Timed.State(id: 1)) }
    await store.send(.children(.element(id: 1, action: .add(2)))) {
      $0.children[id: 1]?.children.append(Timed.State(id: 2))
    }
    await store.send(.children(.element(id: 1, action: .children(.element(id: 2, action: .start)))))
    await clock.advance(by: .seconds(1))
    await store.receive(
      .children(.element(id: 1, action: .children(.element(id: 2, action: .tick))))
    ) {
      $0.children[id: 1]?.children[id: 2]?.ticks = 1
    }
    await store.send(.remove(1)) { $0.children = [] }
    await store.finish()
  }

  /// A tree through an optional child (`ifLet`) and a comment thread through enum state
  /// (`Scope` on a case), each containing itself.
  struct Folder: Reducer {
    struct State: Equatable {
      var name: String
      /// None or one: an array is how a struct holds a value of its own type.
      var subfolders: [Folder.State] = []
      var child: Folder.State? {
        get { subfolders.first }
        set { subfolders = newValue.map { [$0] } ?? [] }
      }
    }
    enum Action: Equatable {
      case rename(String), open(String)
      indirect case child(Folder.Action)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .rename(let name): state.name = name
        case .open(let name): state.child = State(name: name)
        case .child: break
        }
        return .none
      }
      .ifLet(\.child, action: Action.child) { Folder() }
    }
  }

  @Test func aTreeThroughIfLetRuns() {
    let store = Store(initialState: Folder.State(name: "root")) { Folder() }
    store.send(.open("a"))
    store.send(.child(.open("b")))
    store.send(.child(.child(.rename("B"))))
    #expect(store.state.child?.child?.name == "B")
    store.send(.child(.child(.child(.rename("absent")))))
    #expect(store.state.child?.child?.child == nil)
  }

  struct Comment: Reducer {
    indirect enum State: Equatable {
      case text(String)
      case reply(Comment.State)
    }
    enum Action: Equatable {
      case edit(String)
      indirect case reply(Comment.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: State.reply, action: Action.reply) { Comment() }
      Reduce { state, action in
        if case .edit(let text) = action, case .text = state { state = .text(text) }
        return .none
      }
    }
  }

  @Test func aThreadThroughAScopeOnAnEnumCaseRuns() {
    let store = Store(initialState: Comment.State.reply(.reply(.text("c")))) { Comment() }
    store.send(.reply(.reply(.edit("C"))))
    #expect(store.state == .reply(.reply(.text("C"))))
  }

  /// A feature whose body is evaluated as a plain reducer (a builder block, `CombineReducers`,
  /// a modifier) rather than as a composing level's child.
  struct Wrapped: Reducer {
    struct State: Equatable {
      var value = 0
      var inner: [Wrapped.State] = []
      var child: Wrapped.State? {
        get { inner.first }
        set { inner = newValue.map { [$0] } ?? [] }
      }
    }
    enum Action: Equatable {
      case add, nest
      indirect case child(Wrapped.Action)
    }
    var body: some ReducerOf<Self> {
      CombineReducers {
        Reduce { state, action in
          switch action {
          case .add: state.value += 1
          case .nest: state.child = State()
          case .child: break
          }
          return .none
        }
      }
      .ifLet(\.child, action: Action.child) {
        CombineReducers { Self().dependency(\.uuid, .incrementing) }
      }
    }
  }

  @Test func aFeatureThatContainsItselfThroughModifiersRuns() {
    let store = Store(initialState: Wrapped.State()) { Wrapped() }
    store.send(.nest)
    store.send(.child(.nest))
    store.send(.child(.child(.add)))
    #expect(store.state.child?.child?.value == 1)
  }

  /// A body is still evaluated once per level, not once per action.
  final class Evaluations: @unchecked Sendable {
    let count = Locked(0)
  }
  struct Counted: Reducer {
    struct State: Equatable {
      var count = 0
      var inner: [Counted.State] = []
    }
    enum Action: Equatable { case add, nest; indirect case child(Counted.Action) }
    let evaluations: Evaluations
    var body: some ReducerOf<Self> {
      let _ = evaluations.count.withLock { $0 += 1 }
      Reduce { state, action in
        switch action {
        case .add: state.count += 1
        case .nest: state.childState = Counted.State()
        case .child: break
        }
        return .none
      }
      .ifLet(\.childState, action: Action.child) { Counted(evaluations: evaluations) }
    }
  }

  @Test func eachLevelsBodyIsEvaluatedOnce() {
    let evaluations = Evaluations()
    let store = Store(initialState: Counted.State()) { Counted(evaluations: evaluations) }
    store.send(.nest)
    let afterFirst = evaluations.count.withLock { $0 }
    for _ in 0..<100 { store.send(.child(.add)) }
    #expect(evaluations.count.withLock { $0 } <= afterFirst + 1)
    #expect(store.state.childState?.count == 100)
  }
}

extension BodyEvaluationTests.Counted.State {
  var childState: BodyEvaluationTests.Counted.State? {
    get { inner.first }
    set { inner = newValue.map { [$0] } ?? [] }
  }
}
