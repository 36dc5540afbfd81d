import Foundation
import Testing

@testable import ReducerKit

@Suite struct PrintChangesTests {
  @Test func printsTheActionAndTheStateDiff() {
    let output = Locked<[String]>([])
    let reducer = Counter()._printChanges { line in output.withLock { $0.append(line) } }
    var state = Counter.State()
    _ = reducer.reduce(into: &state, action: .increment)
    #expect(state.count == 1)
    #expect(
      output.withLock { $0 } == [
        """
        action:
          Counter.Action.increment
          Counter.State(
        −   count: 0,
        +   count: 1,
          )
        """
      ])
  }

  @Test func saysWhenNothingChanged() {
    let output = Locked<[String]>([])
    let reducer = Counter()._printChanges { line in output.withLock { $0.append(line) } }
    var state = Counter.State(count: 3)
    _ = reducer.reduce(into: &state, action: .set(3))
    #expect(output.withLock { $0 } == ["action:\n  Counter.Action.set(3)\n  (No state changes)"])
  }

  /// A reducer cannot tell an action a view sent from one an effect fed back, so both are printed
  /// as `action:`; neither is called "received".
  @MainActor
  @Test func sentAndFedBackActionsArePrintedAlike() async {
    struct Chain: Reducer {
      struct State: Equatable { var steps: [String] = [] }
      enum Action: Equatable { case start, fromSend, fromRun }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          state.steps.append("start")
          return .merge(.send(.fromSend), .run { send in await send(.fromRun) })
        case .fromSend:
          state.steps.append("send")
          return .none
        case .fromRun:
          state.steps.append("run")
          return .none
        }
      }
    }
    let output = Locked<[String]>([])
    let store = Store(initialState: Chain.State()) {
      Chain()._printChanges { text in output.withLock { $0.append(text) } }
    }
    await store.send(.start).finish()
    let texts = output.withLock { $0 }
    #expect(texts.count == 3)
    #expect(
      texts.map { $0.split(separator: "\n").prefix(2) } == [
        ["action:", "  Chain.Action.start"],
        ["action:", "  Chain.Action.fromSend"],
        ["action:", "  Chain.Action.fromRun"],
      ])
    #expect(!texts.contains { $0.contains("received") })
  }
}
