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

  // MARK: Forwarding to the root (issue 13)

  /// A parent whose optional child has a child of its own, scoped with a plain `Scope`.
  struct Outer: Reducer {
    struct State { var middle: Parent.State? = Parent.State() }
    enum Action {
      case middle(Parent.Action)
      case dismiss
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .dismiss = action { state.middle = nil }
        return .none
      }
      .ifLet(\.middle, action: Action.middle) { Parent() }
    }
  }

  @Test func aPlainScopeHasAForwarderTheRootAndAnOptionalScopeDoNot() throws {
    let outer = Store(initialState: Outer.State()) { Outer() }
    let middle = try #require(outer.scope(state: \.middle, action: Outer.Action.middle))
    let counter = middle.scope(state: \.counter, action: Parent.Action.counter)
    #expect(outer.core.forwarder == nil)
    // An optional child checks that its state is present: it does more than forward.
    #expect(middle.core.forwarder == nil)
    #expect(counter.core.forwarder != nil)
  }

  @Test func aSendThroughPlainScopesReachesTheRootThroughEachEmbedding() {
    let root = Store(initialState: Parent.State()) { Parent() }
    let child = root.scope(state: \.counter, action: Parent.Action.counter)
    // A core made without an inlinable forwarding composes its own, in generic code.
    let grandchild = Store(
      core: ScopedStoreCore(
        parent: child, toState: { $0 }, fromAction: { (action: Counter.Action) in action }))
    grandchild.send(.increment)
    child.send(.set(5))
    grandchild.send(.increment)
    #expect(root.state.counter.count == 6)
    #expect(grandchild.count == 6)
  }

  @Test func aPlainScopeUnderAnOptionalOneStillChecksThatTheStateIsPresent() throws {
    let recorder = WarningRecorder(matching: "no longer present")
    let outer = Store(initialState: Outer.State()) { Outer() }
    let counter = try #require(outer.scope(state: \.middle, action: Outer.Action.middle))
      .scope(state: \.counter, action: Parent.Action.counter)
    counter.send(.increment)
    #expect(outer.state.middle?.counter.count == 1)
    outer.send(.dismiss)
    // The forwarder stops at the optional store, whose send checks its state first.
    counter.send(.set(7302))
    #expect(outer.state.middle == nil)
    #expect(recorder.messages.count == 1)
    #expect(counter.count == 1)
  }

}
