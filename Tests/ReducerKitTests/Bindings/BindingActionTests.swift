import Foundation
import Testing

@testable import ReducerKit

@Suite struct BindingActionTests {
  typealias State = Settings.State

  @Test func applySetsTheField() {
    var state = State()
    BindingAction<State>.set(\.name, "Blob").apply(to: &state)
    BindingAction<State>.set(\.volume, 0.75).apply(to: &state)
    #expect(state.name == "Blob")
    #expect(state.volume == 0.75)
    #expect(state.isOn == false)
  }

  @Test func keyPathIsTheFieldItSets() {
    let action = BindingAction<State>.set(\.name, "Blob")
    #expect(action.keyPath == \State.name)
    #expect(action.keyPath != \State.nickname)
  }

  @Test func equalWhenTheSameFieldGetsAnEqualValue() {
    #expect(BindingAction<State>.set(\.name, "Blob") == .set(\.name, "Blob"))
    #expect(BindingAction<State>.set(\.isOn, true) == .set(\.isOn, true))
  }

  @Test func differentValuesAreNotEqual() {
    #expect(BindingAction<State>.set(\.name, "Blob") != .set(\.name, "Bob"))
    #expect(BindingAction<State>.set(\.volume, 0.5) != .set(\.volume, 0.25))
  }

  @Test func differentFieldsWithTheSameValueAreNotEqual() {
    #expect(BindingAction<State>.set(\.name, "Blob") != .set(\.nickname, "Blob"))
  }

  @Test func keyPathsWrittenInDifferentPlacesCompareEqual() {
    let fromHere = BindingAction<State>.set(\.name, "Blob")
    let fromThere = makeNameAction("Blob")
    #expect(fromHere == fromThere)
  }

  @Test func patternMatchingByKeyPath() {
    let action = BindingAction<State>.set(\.name, "Blob")
    #expect(\State.name ~= action)
    #expect(!(\State.nickname ~= action))
    switch Settings.Action.binding(action) {
    case .binding(\.nickname): Issue.record("matched the wrong field")
    case .binding(\.name): break
    default: Issue.record("did not match .binding(\\.name)")
    }
  }

  @Test func debugDescriptionReadsLikeTheCall() {
    let action = BindingAction<State>.set(\.name, "Blob")
    #expect(action.debugDescription == #".set(\State.name, "Blob")"#)
    let toggle = BindingAction<State>.set(\.isOn, true)
    #expect(String(reflecting: toggle) == #".set(\State.isOn, true)"#)
  }

  @Test func dumpsOfActionsShowTheDescription() {
    let dump = debugDump(Settings.Action.binding(.set(\.name, "Blob")))
    #expect(dump == #"Settings.Action.binding(.set(\State.name, "Blob"))"#)
  }

  @Test func isSendableEvenWhenTheRootIsNot() async {
    final class Model { var title = "" }
    let action = BindingAction<Model>.set(\.title, "Blob")
    // Crosses into another task and back: compiles only because the action is `Sendable`.
    let received = await Task.detached { action }.value
    let model = Model()
    var root = model
    received.apply(to: &root)
    #expect(model.title == "Blob")
  }

  @Test func valueForTheFieldItSets() {
    let action = BindingAction<State>.set(\.name, "Blob")
    #expect(action.value(for: \.name) == "Blob")
    #expect(action.value(for: \.nickname) == nil)
    #expect(action.value(for: \.isOn) == nil)
    #expect(BindingAction<State>.set(\.volume, 0.25).value(for: \.volume) == 0.25)
  }

  @Test func valueForAReadOnlyKeyPathToTheSameField() {
    let readOnly: KeyPath<State, String> = \State.name
    #expect(BindingAction<State>.set(\.name, "Blob").value(for: readOnly) == "Blob")
  }

  @Test func equalityIgnoresWhetherAStoreBindingSentIt() {
    let fromBinding = BindingAction<State>.fromStoreBinding(
      \.name, "Blob", fileID: #fileID, line: #line)
    var state = State()
    // Applied, so its tracker does not warn when it goes away.
    fromBinding.apply(to: &state)
    #expect(fromBinding == .set(\.name, "Blob"))
    #expect(fromBinding != .set(\.name, "Bob"))
  }

  @Test func anUnappliedStoreBindingActionWarnsWhenItGoesAway() {
    let recorder = WarningRecorder(matching: "\\State.nickname")
    do {
      _ = BindingAction<State>.fromStoreBinding(\.nickname, "B", fileID: "App/View.swift", line: 3)
    }
    #expect(recorder.messages.count == 1)
    #expect(recorder.places == ["App/View.swift:3"])
  }
}

private func makeNameAction(_ name: String) -> BindingAction<Settings.State> {
  .set(\Settings.State.name, name)
}
