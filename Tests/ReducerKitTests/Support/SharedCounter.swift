import ReducerKit

/// A feature whose count is shared (`.inMemory("count")`), for the shared-state tests: changed in
/// its reduce or in an effect, next to a plain field (`other`) and the values a view model said it
/// saw (`seen`).
struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var other = 0
    /// The values a view model said it saw, in order.
    var seen: [Int] = []
  }
  enum Action: Equatable { case increment, incrementLater, bumpOther, saw(Int) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.$count.withLock { $0 += 1 }
      return .none
    case .incrementLater:
      return .run { [count = state.$count] _ in count.withLock { $0 += 1 } }
    case .bumpOther:
      state.other += 1
      return .none
    case .saw(let value):
      state.seen.append(value)
      return .none
    }
  }
}
