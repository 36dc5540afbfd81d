import Foundation
import ReducerKit

/// A settings form: the feature the binding tests use.
struct Settings: Reducer {
  struct State: Equatable {
    var name = ""
    var nickname = ""
    var isOn = false
    var volume = 0.5
    /// How many times the feature's own `Reduce` saw a binding action for `name`.
    var nameEdits = 0
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case save
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        state.nameEdits += 1
        return .none
      case .binding(\.volume):
        // Runs after `BindingReducer` stored the new value, so it can correct it.
        state.volume = min(max(state.volume, 0), 1)
        return .none
      case .binding, .save:
        return .none
      }
    }
  }
}
