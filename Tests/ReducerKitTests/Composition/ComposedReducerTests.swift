import Foundation
import Testing

@testable import ReducerKit

/// What the composing operators return: its closure form runs the same level.
@Suite struct ComposedReducerTests {
  struct Parent: Equatable {
    var count = 0
  }

  @Test func theResolvedClosureRunsTheSameLevelAsReduce() {
    let action = CasePath<Int, Int>(embed: { $0 }, extract: { $0 })
    let composed = ComposedReducer(
      slot: FieldOrCaseSlot(field: \Parent.count, action: action), action: action,
      child: Reduce<Int, Int> { state, amount in
        state += amount
        return .none
      }, parent: NoParent<Parent, Int>())
    var direct = Parent()
    var resolved = Parent()
    _ = composed.reduce(into: &direct, action: 3)
    _ = composed.resolved.reduce(&resolved, 3)
    #expect(direct == Parent(count: 3))
    #expect(resolved == direct)
  }
}
