import ReducerKit
import ReducerKitExamples

/// The demo app: the counter, an optional details screen, a list of timers, and the inventory
/// (a sheet, an alert and pushed screens).
struct AppFeature: Reducer {
  struct State: Equatable {
    var counter = CounterFeature.State()
    var details: DetailsFeature.State?
    var timers: IdentifiedArrayOf<TimerRowFeature.State> = []
    var nextTimerID = 1
    var inventory = Inventory.State()
  }

  enum Action: Equatable {
    case counter(CounterFeature.Action)
    case details(DetailsFeature.Action)
    case toggleDetails
    case timers(IdentifiedActionOf<TimerRowFeature>)
    case addTimer
    case removeTimer(id: Int)
    case stopAllTimers
    case inventory(Inventory.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: Action.counter) { CounterFeature() }
    Scope(state: \.inventory, action: Action.inventory) { Inventory() }
    Reduce { state, action in
      switch action {
      case .toggleDetails:
        state.details = state.details == nil ? DetailsFeature.State() : nil
        return .none
      case .addTimer:
        state.timers.append(TimerRowFeature.State(id: state.nextTimerID))
        state.nextTimerID += 1
        return .none
      case .removeTimer(let id):
        // Removing the row cancels its timer: forEach cancels a removed element's effects.
        state.timers.remove(id: id)
        return .none
      case .stopAllTimers:
        // Popping the detail screens stops their timers: the stack cancels a popped screen's
        // effects.
        var stops: [Effect<Action>] = state.timers.filter(\.isRunning).map { row in
          .send(.timers(.element(id: row.id, action: .toggle)))
        }
        if let bottom = state.inventory.path.ids.first {
          stops.append(.send(.inventory(.path(.popFrom(id: bottom)))))
        }
        return .merge(stops)
      case .counter, .details, .timers, .inventory:
        return .none
      }
    }
    .ifLet(\.details, action: Action.details) { DetailsFeature() }
    .forEach(\.timers, action: Action.timers) { TimerRowFeature() }
  }
}

extension AppFeature.State {
  /// One line that sums up the state, for the terminal.
  var summary: String {
    var parts = ["count = \(counter.count)"]
    if let details {
      parts.append("details: likes = \(details.likes.count)\(details.isFavorite ? ", ★" : "")")
    }
    if !timers.isEmpty {
      let rows = timers.map { "#\($0.id) \($0.seconds)s\($0.isRunning ? "▶" : "")" }
      parts.append("timers: " + rows.joined(separator: " "))
    }
    if inventory != Inventory.State() {
      parts.append(inventory.summary)
    }
    return parts.joined(separator: " | ")
  }
}
