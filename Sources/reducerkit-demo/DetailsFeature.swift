import ReducerKit

/// A details screen, presented with `ifLet`: it has a "likes" counter of its own, composed with
/// `pull`, and a favourite flag.
struct DetailsFeature: Reducer {
  struct State: Equatable {
    var likes = CounterFeature.State()
    var isFavorite = false
  }

  enum Action: Equatable {
    case likes(CounterFeature.Action)
    case toggleFavorite
  }

  var body: some ReducerOf<Self> {
    CounterFeature().pull(state: \State.likes, action: Action.likes)
    Reduce { state, action in
      if case .toggleFavorite = action { state.isFavorite.toggle() }
      return .none
    }
  }
}
