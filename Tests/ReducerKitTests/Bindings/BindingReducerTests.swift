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

/// TCA's `ViewAction` pattern: bindings nested under a `view` case (issue 39, item 7).
@MainActor
@Suite struct BindingReducerViewActionTests {
  struct Login: Reducer {
    struct State: Equatable {
      var email = ""
      var isValid = false
    }
    enum Action: Equatable, ViewAction {
      case view(View)
      case loggedIn
      enum View: BindableAction, Equatable {
        case binding(BindingAction<State>)
        case loginTapped
      }
    }
    var body: some ReducerOf<Self> {
      BindingReducer(action: Action.view)
      Reduce { state, action in
        switch action {
        case .view(.binding(\.email)):
          state.isValid = state.email.contains("@")
          return .none
        case .view(.loginTapped):
          return .send(.loggedIn)
        case .view(.binding), .loggedIn:
          return .none
        }
      }
    }
  }

  @Test func appliesBindingsNestedInTheViewCase() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(.view(.binding(.set(\.email, "blob@example.com")))) {
      $0.email = "blob@example.com"
      $0.isValid = true
    }
    await store.send(.view(.loginTapped))
    await store.receive(.loggedIn)
  }

  @Test func withACasePathToo() {
    var state = Login.State()
    _ = BindingReducer<Login.State, Login.Action>(action: CasePath(Login.Action.view))
      .reduce(into: &state, action: .view(.binding(.set(\.email, "a@b"))))
    #expect(state.email == "a@b")
  }

  @Test func aStoresBindingSendsThroughTheViewCase() {
    let store = Store(initialState: Login.State()) { Login() }
    store.send(.view(.binding(.set(\.email, "x@y"))))
    #expect(store.email == "x@y")
    #expect(store.isValid)
  }
}
