import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/Reliability.md, copied verbatim (`.ci/doc-samples` checks that each
// one is here), compiled, and run.

/// A destination whose state case is spelled out, as a build without reflection metadata needs.
enum ReliabilitySample1 {
  struct ItemForm: Reducer {
    struct State: Equatable { var name = "" }
    enum Action: Equatable { case nameChanged(String), saveTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .nameChanged(let name):
        state.name = name
        return .none
      case .saveTapped:
        return .none
      }
    }
  }

  struct Destination: Reducer {
    enum State: Equatable { case add(ItemForm.State), alert(AlertState<Action.Alert>) }
    enum Action: Equatable {
      case add(ItemForm.Action), alert(Alert)
      enum Alert: Equatable { case confirmDeletion(Int) }
    }

    var body: some ReducerOf<Self> {
      Scope(
        state: CasePath(embed: State.add) { if case let .add(form) = $0 { form } else { nil } },
        action: Action.add
      ) { ItemForm() }
    }
  }
}

@MainActor
@Suite struct ReliabilitySamplesTests {
  @Test func theSpelledOutStateCaseRunsTheChild() async {
    typealias Destination = ReliabilitySample1.Destination
    let store = TestStore(initialState: Destination.State.add(.init())) { Destination() }
    await store.send(.add(.nameChanged("Keyboard"))) {
      $0 = .add(.init(name: "Keyboard"))
    }
  }

  @Test func anActionForAnotherCaseChangesNothing() async {
    typealias Destination = ReliabilitySample1.Destination
    let alert = AlertState<Destination.Action.Alert> { TextState("Delete?") }
    let store = TestStore(initialState: Destination.State.alert(alert)) { Destination() }
    await withKnownIssue {
      await store.send(.add(.nameChanged("Keyboard")))
    }
  }
}
