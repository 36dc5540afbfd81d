import Testing

@testable import ReducerKit

@Suite struct ViewActionTests {
  enum Action: Equatable, ViewAction {
    case view(View)
    case response(Int)
    enum View: Equatable { case incrementTapped }
  }

  @Test func theViewCaseSatisfiesTheRequirement() {
    func embed<A: ViewAction>(_ action: A.ViewAction, as _: A.Type) -> A { A.view(action) }
    #expect(embed(.incrementTapped, as: Action.self) == .view(.incrementTapped))
  }

  @Test func aCasePathFromTheRequirementExtractsTheViewAction() {
    let path = CasePath(Action.view)
    #expect(path.extract(from: .view(.incrementTapped)) == .incrementTapped)
    #expect(path.extract(from: .response(1)) == nil)
  }
}
