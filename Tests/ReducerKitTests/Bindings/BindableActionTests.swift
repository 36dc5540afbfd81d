import Foundation
import Testing

@testable import ReducerKit

@Suite struct BindableActionTests {
  /// An action with payload cases around the binding case, including one of a similar shape.
  enum Action: BindableAction, Equatable {
    case save
    case rename(String)
    case binding(BindingAction<Settings.State>)
    case child(Settings.Action)
  }

  @Test func theBindingCaseConstructorSatisfiesTheRequirement() {
    func make<A: BindableAction>(
      _: A.Type, _ action: BindingAction<A.State>
    ) -> A {
      A.binding(action)
    }
    let action = make(Action.self, .set(\.name, "Blob"))
    #expect(action == .binding(.set(\.name, "Blob")))
  }

  @Test func bindingCaseExtractsTheBindingAction() {
    let path = Action.bindingCase
    #expect(path.extract(from: .binding(.set(\.isOn, true))) == .set(\.isOn, true))
    #expect(path.embed(.set(\.name, "Blob")) == .binding(.set(\.name, "Blob")))
  }

  @Test func bindingCaseIgnoresOtherCases() {
    let path = Action.bindingCase
    #expect(path.extract(from: .save) == nil)
    #expect(path.extract(from: .rename("Blob")) == nil)
    // A child's binding action is the child's, not this feature's.
    #expect(path.extract(from: .child(.binding(.set(\.name, "Blob")))) == nil)
  }
}
