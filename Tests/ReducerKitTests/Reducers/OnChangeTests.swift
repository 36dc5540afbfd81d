import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@Suite struct OnChangeTests {
  struct State: Equatable {
    var count = 0
    var changes: [String] = []
  }

  let reducer = Reduce<State, Int> { state, action in
    state.count = action
    return .none
  }
  .onChange(of: \.count) { oldValue, newValue in
    Reduce { state, _ in
      state.changes.append("\(oldValue) -> \(newValue)")
      return .none
    }
  }

  @Test func runsWhenTheValueChanged() {
    var state = State()
    _ = reducer.reduce(into: &state, action: 3)
    #expect(state.changes == ["0 -> 3"])
  }

  @Test func doesNotRunWhenTheValueStayedTheSame() {
    var state = State(count: 3)
    _ = reducer.reduce(into: &state, action: 3)
    #expect(state.changes.isEmpty)
  }

  @Test func acceptsAnyFunctionOfTheState() {
    let parity = Reduce<State, Int> { state, action in
      state.count = action
      return .none
    }
    .onChange(of: { $0.count % 2 }) { _, newValue in
      Reduce { state, _ in
        state.changes.append("parity \(newValue)")
        return .none
      }
    }
    var state = State()
    _ = parity.reduce(into: &state, action: 2)
    _ = parity.reduce(into: &state, action: 3)
    #expect(state.changes == ["parity 1"])
  }
  /// Not `Equatable`: only `removeDuplicates` can compare it.
  struct Selection {
    var id: Int
    var scroll: Double
  }

  struct SelectionState: Equatable {
    var selection = Selection(id: 0, scroll: 0)
    var changes: [String] = []

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.selection.id == rhs.selection.id && lhs.selection.scroll == rhs.selection.scroll
        && lhs.changes == rhs.changes
    }
  }

  let selectionReducer = Reduce<SelectionState, Selection> { state, action in
    state.selection = action
    return .none
  }
  .onChange(of: { $0.selection }, removeDuplicates: { $0.id == $1.id }) { old, new in
    Reduce { state, _ in
      state.changes.append("\(old.id) -> \(new.id)")
      return .none
    }
  }

  @Test func removeDuplicatesRunsWhenItSaysTheValuesDiffer() {
    var state = SelectionState()
    _ = selectionReducer.reduce(into: &state, action: Selection(id: 2, scroll: 0))
    #expect(state.changes == ["0 -> 2"])
  }

  @Test func removeDuplicatesDoesNotRunWhenItSaysTheValuesAreTheSame() {
    var state = SelectionState()
    _ = selectionReducer.reduce(into: &state, action: Selection(id: 0, scroll: 120))
    #expect(state.selection.scroll == 120)
    #expect(state.changes.isEmpty)
  }

  @MainActor
  @Test func removeDuplicatesMergesTheChangeReducersEffects() async {
    enum Action: Equatable {
      case select(Int)
      case selected(Int)
    }
    let reducer = Reduce<Int, Action> { state, action in
      if case .select(let id) = action { state = id }
      return .none
    }
    .onChange(of: { $0 }, removeDuplicates: { $0 == $1 }) { _, new in
      Reduce { _, _ in .send(.selected(new)) }
    }
    let store = TestStore(initialState: 0) { reducer }
    await store.send(.select(3)) { $0 = 3 }
    await store.receive(.selected(3))
    await store.send(.select(3))
  }
}
