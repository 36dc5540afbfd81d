import Foundation
import Testing

@testable import ReducerKit

@Suite struct PrintChangesTests {
  @Test func printsTheActionAndTheStateDiff() {
    let output = Locked<[String]>([])
    let reducer = Counter()._printChanges { line in output.withLock { $0.append(line) } }
    var state = Counter.State()
    _ = reducer.reduce(into: &state, action: .increment)
    #expect(state.count == 1)
    #expect(
      output.withLock { $0 } == [
        """
        received action:
          Counter.Action.increment
          Counter.State(
        −   count: 0,
        +   count: 1,
          )
        """
      ])
  }

  @Test func saysWhenNothingChanged() {
    let output = Locked<[String]>([])
    let reducer = Counter()._printChanges { line in output.withLock { $0.append(line) } }
    var state = Counter.State(count: 3)
    _ = reducer.reduce(into: &state, action: .set(3))
    #expect(output.withLock { $0.first?.hasSuffix("(No state changes)") } == true)
  }
}
