import ReducerKit
import ReducerKitExamples

/// The demo: a menu, and every example from `ReducerKitExamples` composed with `Scope`, each
/// keeping its state while another screen is shown.
struct DemoApp: Reducer {
  struct State: Equatable {
    var screen = Screen.menu
    var counter = Counter.State()
    var quote = RandomQuote.State()
    var details = CounterWithDetails.State()
    var todos: Todos.State
    var search = Search.State()
    var inventory = Inventory.State()
    /// Two screens holding one `.inMemory("stats")` value.
    var stats = StatsCounter.State()
    var profile = StatsProfile.State()
    /// The todos kept between runs (a `.fileStorage` file when the demo runs; by default a
    /// value of its own, so tests never touch the user's files).
    @Shared var savedTodos: IdentifiedArrayOf<Todo>

    /// The demo's state, its Todos list loaded from `savedTodos`.
    init(savedTodos: Shared<IdentifiedArrayOf<Todo>> = Shared(value: [])) {
      _savedTodos = savedTodos
      todos = Todos.State(
        rows: IdentifiedArray(
          uniqueElements: savedTodos.wrappedValue.map { TodoRow.State(todo: $0) }))
    }
  }

  enum Action: Equatable {
    case screenSelected(Screen)
    case counter(Counter.Action)
    case quote(RandomQuote.Action)
    case details(CounterWithDetails.Action)
    case todos(Todos.Action)
    case search(Search.Action)
    case inventory(Inventory.Action)
    case stats(StatsCounter.Action)
    case profile(StatsProfile.Action)
    /// Before quitting: closes the pushed screens, whose timers would otherwise run on.
    case closeScreens
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: Action.counter) { Counter() }
    Scope(state: \.quote, action: Action.quote) { RandomQuote() }
    Scope(state: \.details, action: Action.details) { CounterWithDetails() }
    Scope(state: \.todos, action: Action.todos) { Todos() }
    Scope(state: \.search, action: Action.search) { Search() }
    Scope(state: \.inventory, action: Action.inventory) { Inventory() }
    Scope(state: \.stats, action: Action.stats) { StatsCounter() }
    Scope(state: \.profile, action: Action.profile) { StatsProfile() }
    Reduce { state, action in
      switch action {
      case .screenSelected(let screen):
        state.screen = screen
        return .none
      case .closeScreens:
        // Popping a stack cancels the popped screens' effects.
        var pops: [Effect<Action>] = []
        if let bottom = state.search.path.ids.first {
          pops.append(.send(.search(.path(.popFrom(id: bottom)))))
        }
        if let bottom = state.inventory.path.ids.first {
          pops.append(.send(.inventory(.path(.popFrom(id: bottom)))))
        }
        return .merge(pops)
      case .todos:
        // After the list's own reduce (its Scope runs first): the list as it is now is saved.
        let todos = IdentifiedArray(uniqueElements: state.todos.rows.map(\.todo))
        if todos != state.savedTodos { state.$savedTodos.withLock { $0 = todos } }
        return .none
      case .counter, .quote, .details, .search, .inventory, .stats, .profile:
        return .none
      }
    }
  }
}

extension DemoApp.Action {
  /// The screen whose state the action changes (the menu for the demo's own actions).
  var screen: Screen {
    switch self {
    case .screenSelected(let screen): screen
    case .closeScreens: .menu
    case .counter: .counter
    case .quote: .quote
    case .details: .details
    case .todos: .todos
    case .search: .search
    case .inventory: .inventory
    case .stats: .stats
    case .profile: .profile
    }
  }
}
