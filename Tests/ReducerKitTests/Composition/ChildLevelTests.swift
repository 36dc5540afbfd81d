import Foundation
import Testing

@testable import ReducerKit

/// The one composition core: order (child, parent, after-parent work), routes, and the
/// missing-child warning, for every slot.
@MainActor
@Suite struct ChildLevelTests {
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      var id: Int
      var count = 0
    }
    enum Action: Equatable { case tick }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct Parent: Equatable {
    var row = Row.State(id: 0)
    var optional: Row.State? = Row.State(id: 1)
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 2)]
    var log: [String] = []
  }

  enum Action: Equatable {
    case row(Row.Action)
    case optional(Row.Action)
    case rows(IdentifiedActionOf<Row>)
  }

  /// A parent that records what it saw of the child.
  func parent(_ label: String) -> Reduce<Parent, Action> {
    Reduce { state, _ in
      state.log.append("\(label) \(state.row.count) \(state.optional?.count ?? -1)")
      return .none
    }
  }

  @Test func theChildRunsBeforeTheParent() {
    let reducer = parent("parent").ifLet(\.optional, action: Action.optional) { Row() }
    var state = Parent()
    _ = reducer.reduce(into: &state, action: .optional(.tick))
    #expect(state.optional?.count == 1)
    #expect(state.log == ["parent 0 1"])
  }

  @Test func aScopeHasNoParentAndIgnoresOtherActions() {
    let scope = Scope(state: \Parent.row, action: Action.row) { Row() }
    var state = Parent()
    _ = scope.reduce(into: &state, action: .optional(.tick))
    #expect(state == Parent())
    _ = scope.reduce(into: &state, action: .row(.tick))
    #expect(state.row.count == 1)
  }

  @Test func aMissingChildIsWarnedOnceAndTheParentStillRuns() {
    let recorder = WarningRecorder(matching: "not in the array")
    let reducer = parent("parent").forEach(\.rows, action: Action.rows) { Row() }
    var state = Parent()
    _ = reducer.reduce(into: &state, action: .rows(.element(id: 9, action: .tick)))
    #expect(recorder.messages.count == 1)
    #expect(state.log.count == 1)
    #expect(state.rows[id: 2]?.count == 0)
  }

  @Test func theGeneralRouteRunsTheSameAsTheDirectOne() {
    // A closure-made case path has no selection: the level takes its general route.
    let general = parent("parent").forEach(
      \.rows,
      action: CasePath<Action, IdentifiedActionOf<Row>>(embed: Action.rows) {
        guard case .rows(let action) = $0 else { return nil }
        return action
      }
    ) { Row() }
    let direct = parent("parent").forEach(\.rows, action: Action.rows) { Row() }
    #expect(takesDirectRoute(general) == false)
    #expect(takesDirectRoute(direct) == true)
    var viaGeneral = Parent()
    var viaDirect = Parent()
    _ = general.reduce(into: &viaGeneral, action: .rows(.element(id: 2, action: .tick)))
    _ = direct.reduce(into: &viaDirect, action: .rows(.element(id: 2, action: .tick)))
    #expect(viaGeneral == viaDirect)
    #expect(viaDirect.rows[id: 2]?.count == 1)
  }

  @Test func aChildEffectIsScopedAndMergedWithTheParents() {
    struct Sender: Reducer {
      func reduce(into state: inout Int, action: Int) -> Effect<Int> { .send(action + 1) }
    }
    struct State: Equatable { var value = 0 }
    let scoped = Scope(state: \State.value, action: CasePath<Int, Int>(embed: { $0 }) { $0 }) {
      Sender()
    }
    var state = State()
    let effect = scoped.reduce(into: &state, action: 1)
    guard case .scoped = effect.operation else {
      Issue.record("expected a scoped child effect: \(effect.operation)")
      return
    }
  }
}
