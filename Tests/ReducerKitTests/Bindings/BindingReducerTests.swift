import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@Suite struct BindingReducerTests {
  typealias State = Settings.State
  typealias Action = Settings.Action

  @Test func appliesBindingActionsAndStartsNoEffect() {
    var state = State()
    let effect = BindingReducer<State, Action>()
      .reduce(into: &state, action: .binding(.set(\.name, "Blob")))
    #expect(state == State(name: "Blob"))
    guard case .none = effect.operation else {
      Issue.record("expected .none")
      return
    }
  }

  @Test func ignoresOtherActions() {
    var state = State(name: "Blob")
    let effect = BindingReducer<State, Action>().reduce(into: &state, action: .save)
    #expect(state == State(name: "Blob"))
    guard case .none = effect.operation else {
      Issue.record("expected .none")
      return
    }
  }

  @Test func isInferredFromTheBuilderContext() {
    // `Settings.body` writes plain `BindingReducer()`; this compiles only if it is inferred.
    var state = State()
    _ = Settings().body.reduce(into: &state, action: .binding(.set(\.isOn, true)))
    #expect(state.isOn)
  }
}

@MainActor
@Suite struct BindingReducerStoreTests {
  @Test func theFeaturesReduceSeesBindingActionsByKeyPath() {
    let store = Store(initialState: Settings.State()) { Settings() }
    store.send(.binding(.set(\.name, "Blob")))
    store.send(.binding(.set(\.isOn, true)))
    store.send(.binding(.set(\.name, "Blob Jr.")))
    #expect(store.name == "Blob Jr.")
    #expect(store.isOn)
    // Only the two `name` bindings matched `case .binding(\.name)`.
    #expect(store.nameEdits == 2)
  }

  @Test func theFeaturesReduceRunsAfterTheValueIsStored() {
    let store = Store(initialState: Settings.State()) { Settings() }
    store.send(.binding(.set(\.volume, 3)))
    // `BindingReducer` stored 3, then the feature's `Reduce` clamped it.
    #expect(store.volume == 1)
  }

  @Test func testStoreAssertsBindingChanges() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.binding(.set(\.name, "Blob"))) {
      $0.name = "Blob"
      $0.nameEdits = 1
    }
    await store.send(.binding(.set(\.isOn, true))) { $0.isOn = true }
    await store.send(.save)
  }

  @Test func anUnassertedBindingChangeFailsAndNamesTheAction() async {
    let messages = Locked<[String]>([])
    await withKnownIssue {
      let store = TestStore(initialState: Settings.State()) { Settings() }
      await store.send(.binding(.set(\.isOn, true)))
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    let message = messages.withLock { $0.joined(separator: "\n") }
    #expect(message.contains(#"Settings.Action.binding(.set(\State.isOn, true))"#))
    #expect(message.contains("isOn"))
  }
}
