import Foundation
import Testing

@testable import reducerkit_demo

@MainActor
@Suite("CounterCommands")
struct CounterCommandsTests {
  @Test("each counter command sends its action")
  func counter() {
    let expected: [(String, DemoApp.Action)] = [
      ("+", .counter(.incrementTapped)), ("-", .counter(.decrementTapped)),
      ("delayed+", .counter(.delayedIncrementTapped)),
      ("delayed-", .counter(.delayedDecrementTapped)), ("cancel", .counter(.cancelDelayedTapped)),
    ]
    for (word, action) in expected {
      #expect(Fixtures.outcome(word, on: .counter) == .send(action), "\(word)")
    }
  }

  @Test("load sends loadTapped, even while a request is in flight (that is the point)")
  func quote() {
    let loading = Fixtures.state { $0.quote.isLoading = true }
    #expect(Fixtures.outcome("load", on: .quote, in: loading) == .send(.quote(.loadTapped)))
  }
}
