import Foundation
import ReducerKitExamples
import Testing

@testable import reducerkit_demo

@MainActor
@Suite("DetailsCommands")
struct DetailsCommandsTests {
  let shown = Fixtures.state { $0.details.details = CounterDetails.State(count: 0) }

  @Test("sheet shows the sheet when hidden and hides it when shown")
  func sheetToggles() {
    #expect(
      Fixtures.outcome("sheet", on: .details) == .send(.details(.setSheet(isPresented: true))))
    #expect(
      Fixtures.outcome("sheet", on: .details, in: shown)
        == .send(.details(.setSheet(isPresented: false))))
  }

  @Test("the sheet's commands send to the sheet when it is shown, and hint when it is not")
  func sheetCommands() {
    let expected: [(String, CounterDetails.Action)] = [
      ("like", .likes(.likeTapped)), ("unlike", .likes(.unlikeTapped)),
      ("favorite", .favoriteToggled),
    ]
    for (word, action) in expected {
      #expect(
        Fixtures.outcome(word, on: .details, in: shown)
          == .send(.details(.details(.presented(action)))))
      #expect(
        Fixtures.outcome(word, on: .details)
          == .hint("the details sheet is not shown; type sheet first"))
    }
  }

  @Test("close waits for the sheet's dismiss effect, so the next command sees it closed")
  func close() {
    #expect(
      Fixtures.outcome("close", on: .details, in: shown)
        == .sendAndWait(.details(.details(.presented(.closeTapped)))))
    #expect(
      Fixtures.outcome("close", on: .details)
        != .sendAndWait(.details(.details(.presented(.closeTapped)))))
  }

  @Test("+, - and delayed+ send the counter's actions")
  func counter() {
    #expect(Fixtures.outcome("+", on: .details) == .send(.details(.incrementTapped)))
    #expect(Fixtures.outcome("-", on: .details) == .send(.details(.decrementTapped)))
    #expect(
      Fixtures.outcome("delayed+", on: .details) == .send(.details(.incrementWithDelayTapped)))
  }
}
