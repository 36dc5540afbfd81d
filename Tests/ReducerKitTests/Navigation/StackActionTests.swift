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

/// `CasePath(Action.path)[id: id]`: TCA's `\.path[id: id]` (issue 39, item 7).
@Suite struct StackActionCasePathTests {
  enum Element: Equatable { case tapped, loaded(Int) }
  enum Action: Equatable { case path(StackAction<Int, Element>) }

  @Test func extractsOnlyTheActionsOfThatElement() {
    let first = CasePath(Action.path)[id: 0]
    #expect(first.extract(from: .path(.element(id: 0, action: .tapped))) == .tapped)
    #expect(first.extract(from: .path(.element(id: 1, action: .tapped))) == nil)
    #expect(first.extract(from: .path(.popFrom(id: 0))) == nil)
    #expect(first.embed(.loaded(1)) == .path(.element(id: 0, action: .loaded(1))))
    let loaded = first.appending(Element.loaded)
    #expect(loaded.extract(from: .path(.element(id: 0, action: .loaded(7)))) == 7)
  }
}
