import Foundation
import ReducerKit

/// The counter most tests use.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case decrement
    case set(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .set(let value): state.count = value
    }
    return .none
  }
}

/// A reference box tests use to record what happened, on the main actor.
@MainActor
final class Log<Value> {
  var values: [Value] = []
  func append(_ value: Value) { values.append(value) }
}
