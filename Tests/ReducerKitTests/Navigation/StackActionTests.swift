import Foundation
import Testing

@testable import ReducerKit

@Suite struct StackActionTests {
  struct Screen: Reducer {
    struct State: Hashable, Sendable { var title = "" }
    enum Action: Hashable, Sendable { case tapped }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }

  @Test func stackActionOfNamesAReducersStateAndAction() {
    let action: StackActionOf<Screen> = .push(id: 0, state: Screen.State(title: "a"))
    let same: StackAction<Screen.State, Screen.Action> = .push(
      id: 0, state: Screen.State(title: "a"))
    #expect(action == same)
  }

  @Test func actionsAreEqualByCaseIDAndPayload() {
    typealias Action = StackActionOf<Screen>
    #expect(Action.element(id: 0, action: .tapped) == .element(id: 0, action: .tapped))
    #expect(Action.element(id: 0, action: .tapped) != .element(id: 1, action: .tapped))
    #expect(Action.popFrom(id: 2) == .popFrom(id: 2))
    #expect(Action.popFrom(id: 2) != .popFrom(id: 3))
    #expect(
      Action.push(id: 1, state: Screen.State()) != .push(id: 1, state: Screen.State(title: "b")))
    #expect(Action.popFrom(id: 1) != .element(id: 1, action: .tapped))
    let set: Set<Action> = [.popFrom(id: 1), .popFrom(id: 1), .element(id: 1, action: .tapped)]
    #expect(set.count == 2)
  }

  @Test func actionsAndStacksAreSendableWhenTheirPartsAre() {
    let action: any Sendable = StackActionOf<Screen>.popFrom(id: 0)
    let stack: any Sendable = StackState<Screen.State>()
    #expect(action is StackActionOf<Screen>)
    #expect(stack is StackState<Screen.State>)
  }

  @Test func actionsDescribeTheirIDs() {
    #expect(debugDump(StackActionOf<Screen>.popFrom(id: 3)).contains("#3"))
  }
}
