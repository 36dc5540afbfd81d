import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@Suite("PresentationAction")
struct PresentationActionTests {
  enum Child: Equatable, Hashable, Sendable {
    case tap
    case type(String)
  }

  @Test("equality and hashing follow the child action")
  func equatableHashable() {
    let dismiss = PresentationAction<Child>.dismiss
    #expect(dismiss == .dismiss)
    #expect(PresentationAction<Child>.presented(.tap) == .presented(.tap))
    #expect(PresentationAction<Child>.presented(.tap) != .presented(.type("a")))
    #expect(PresentationAction<Child>.presented(.tap) != dismiss)
    let set: Set<PresentationAction<Child>> = [.dismiss, .presented(.tap), .presented(.tap)]
    #expect(set.count == 2)
  }

  @Test("a case path reads the presented action")
  func casePath() {
    let presented = CasePath(PresentationAction<Child>.presented)
    #expect(presented.extract(from: .presented(.type("b"))) == .type("b"))
    #expect(presented.extract(from: .dismiss) == nil)
  }

  @Test("it is Sendable when the child action is")
  func sendable() async {
    let action = PresentationAction<Child>.presented(.type("c"))
    let copy = await Task.detached { action }.value
    #expect(copy == action)
  }
}

/// `CasePath(Action.destination).appending(Destination.Action.alert)`: the `.presented` step
/// implied, as TCA's `\.destination.alert` (issue 39, item 7).
@Suite struct PresentationActionCasePathTests {
  enum Child: Equatable { case tap, type(String) }
  enum Action: Equatable { case child(PresentationAction<Child>), other }

  @Test func appendingAChildCaseGoesThroughPresented() {
    let typed = CasePath(Action.child).appending(Child.type)
    #expect(typed.extract(from: .child(.presented(.type("a")))) == "a")
    #expect(typed.extract(from: .child(.dismiss)) == nil)
    #expect(typed.extract(from: .other) == nil)
    #expect(typed.embed("b") == .child(.presented(.type("b"))))
  }

  @Test func appendingAChildCasePathGoesThroughPresented() {
    let typed = CasePath(Action.child).appending(CasePath(Child.type))
    #expect(typed.extract(from: .child(.presented(.type("a")))) == "a")
  }

  @Test func spellingPresentedStillWorks() {
    let presented = CasePath(Action.child).appending(PresentationAction.presented)
    #expect(presented.extract(from: .child(.presented(.tap))) == .tap)
    #expect(presented.extract(from: .child(.dismiss)) == nil)
  }
}

@MainActor
@Suite struct PresentationActionReceiveTests {
  @Test func aTestStoreReceivesThroughAPresentationWithoutSpellingPresented() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerHost.State()) {
      TimerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentDestination(.timer(TimerChild.State(id: 1)))) {
      $0.destination = .timer(TimerChild.State(id: 1))
    }
    await store.send(.destination(.presented(.timer(.start))))
    await clock.advance(by: .seconds(1))
    await store.receive(
      CasePath(TimerHost.Action.destination).appending(TimerDestination.Action.timer)
    ) {
      CasePath(TimerDestination.State.timer).modify(&$0.destination) { $0.ticks = 1 }
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }
}
