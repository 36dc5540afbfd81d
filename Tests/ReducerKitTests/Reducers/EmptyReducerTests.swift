import Foundation
import Testing

@testable import ReducerKit

@Suite struct EmptyReducerTests {
  @Test func changesNothingAndStartsNothing() {
    var state = 41
    let effect = EmptyReducer<Int, Int>().reduce(into: &state, action: 1)
    #expect(state == 41)
    guard case .none = effect.operation else {
      Issue.record("expected .none")
      return
    }
  }
}
