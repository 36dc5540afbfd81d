/// The demo's screens: the menu, and one per example in `ReducerKitExamples`.
enum Screen: String, CaseIterable, Equatable, Sendable, CustomStringConvertible {
  case menu, counter, quote, details, todos, search, inventory, stats, profile

  /// The examples, in menu order (the menu's keys are 1 to 6).
  static let examples: [Screen] = [
    .counter, .quote, .details, .todos, .search, .inventory, .stats, .profile,
  ]

  /// The word that opens the screen (and the screen's name in the output).
  var word: String { rawValue }

  /// The screen's word, so an action prints as `screenSelected(counter)`.
  var description: String { word }

  /// What the menu says about the example.
  var title: String {
    switch self {
    case .menu: "the menu"
    case .counter: "Counter: +1, −1, delayed changes, every action logged"
    case .quote: "Random quote: a request that the next one cancels"
    case .details: "Counter with details: a sheet, likes, an AsyncSequence effect"
    case .todos: "Todos: a list, a delete alert, delayed re-sort, reload that keeps rows"
    case .search: "Search: a debounced query, results, pushed details"
    case .inventory: "Inventory: an add sheet, a delete alert, pushed detail screens"
    case .stats: "Shared stats: a counter whose stats the profile screen shares (.inMemory)"
    case .profile: "Profile: the stats the counter changes, and a reset for both screens"
    }
  }

  /// The menu key that opens the example: `1` to `6`.
  var menuKey: Character? {
    Screen.examples.firstIndex(of: self).map { Character(String($0 + 1)) }
  }
}
