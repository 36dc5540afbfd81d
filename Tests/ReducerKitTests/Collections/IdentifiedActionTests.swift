import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

private struct Row: Reducer {
  struct State: Identifiable, Equatable {
    var id: String
    var count = 0
  }

  enum Action: Hashable, Sendable {
    case increment
    case rename(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .increment = action { state.count += 1 }
    return .none
  }
}

/// An action type that is neither `Equatable` nor `Sendable`.
private final class Opaque {}

@Suite("IdentifiedAction")
struct IdentifiedActionTests {
  @Test func carriesTheIDAndTheAction() {
    let action = IdentifiedAction<Int, Row.Action>.element(id: 3, action: .rename("x"))
    guard case .element(let id, let elementAction) = action else {
      Issue.record("expected .element")
      return
    }
    #expect(id == 3)
    #expect(elementAction == .rename("x"))
  }

  @Test func identifiedActionOfUsesTheStateIDAndTheAction() {
    let action: IdentifiedActionOf<Row> = .element(id: "row-1", action: .increment)
    let spelledOut: IdentifiedAction<String, Row.Action> = action
    #expect(spelledOut == .element(id: "row-1", action: .increment))
    #expect(IdentifiedActionOf<Row>.self == IdentifiedAction<Row.State.ID, Row.Action>.self)
  }

  @Test func equatable() {
    typealias Action = IdentifiedAction<Int, Row.Action>
    #expect(Action.element(id: 1, action: .increment) == .element(id: 1, action: .increment))
    #expect(Action.element(id: 1, action: .increment) != .element(id: 2, action: .increment))
    #expect(Action.element(id: 1, action: .increment) != .element(id: 1, action: .rename("")))
  }

  @Test func hashable() {
    typealias Action = IdentifiedAction<Int, Row.Action>
    let actions: Set<Action> = [
      .element(id: 1, action: .increment),
      .element(id: 1, action: .increment),
      .element(id: 2, action: .increment),
      .element(id: 1, action: .rename("a")),
    ]
    #expect(actions.count == 3)
    #expect(
      Action.element(id: 5, action: .rename("b")).hashValue
        == Action.element(id: 5, action: .rename("b")).hashValue)
  }

  @Test func sendable() async {
    let action: IdentifiedActionOf<Row> = .element(id: "a", action: .rename("b"))
    let received = await Task.detached { action }.value
    #expect(received == action)
  }

  @Test func worksWithAnyActionType() {
    let opaque = Opaque()
    let action = IdentifiedAction<Int, Opaque>.element(id: 9, action: opaque)
    guard case .element(let id, let payload) = action else {
      Issue.record("expected .element")
      return
    }
    #expect(id == 9)
    #expect(payload === opaque)
  }

  @Test func routesToTheRowInAnIdentifiedArray() {
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: "a"), Row.State(id: "b")]
    let action: IdentifiedActionOf<Row> = .element(id: "b", action: .increment)
    switch action {
    case .element(let id, let rowAction):
      if var state = rows[id: id] {
        _ = Row().reduce(into: &state, action: rowAction)
        rows[id: id] = state
      }
    }
    #expect(rows[id: "b"]?.count == 1)
    #expect(rows[id: "a"]?.count == 0)
  }
}

/// `CasePath(Action.rows)[id: id]`: TCA's `\.rows[id: id]` (issue 39, item 7).
@MainActor
@Suite struct IdentifiedActionCasePathTests {
  struct Loader: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var value = 0
    }
    enum Action: Equatable {
      case load
      case loaded(Int)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        return .run { [id = state.id] send in await send(.loaded(id * 10)) }
      case .loaded(let value):
        state.value = value
        return .none
      }
    }
  }
  struct List: Reducer {
    struct State: Equatable { var rows: IdentifiedArrayOf<Loader.State> = [] }
    enum Action: Equatable { case rows(IdentifiedActionOf<Loader>) }
    var body: some ReducerOf<Self> {
      EmptyReducer().forEach(\.rows, action: Action.rows) { Loader() }
    }
  }

  @Test func extractsOnlyTheActionsOfThatElement() {
    let rowOne = CasePath(List.Action.rows)[id: 1]
    #expect(rowOne.extract(from: .rows(.element(id: 1, action: .load))) == .load)
    #expect(rowOne.extract(from: .rows(.element(id: 2, action: .load))) == nil)
    #expect(rowOne.embed(.loaded(3)) == .rows(.element(id: 1, action: .loaded(3))))
  }

  @Test func receivesAnElementsActionByIdAndCase() async {
    let store = TestStore(
      initialState: List.State(rows: [Loader.State(id: 1), Loader.State(id: 2)])
    ) { List() }
    await store.send(.rows(.element(id: 2, action: .load)))
    await store.receive(CasePath(List.Action.rows)[id: 2].appending(Loader.Action.loaded)) {
      $0.rows[id: 2]?.value = 20
    }
  }

  @Test func modifiesAnElementsActionInPlace() {
    var action = List.Action.rows(.element(id: 1, action: .loaded(1)))
    CasePath(List.Action.rows)[id: 1].appending(Loader.Action.loaded).modify(&action) { $0 += 1 }
    #expect(action == .rows(.element(id: 1, action: .loaded(2))))
  }
}
