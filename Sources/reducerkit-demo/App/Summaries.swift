import ReducerKit
import ReducerKitExamples

extension DemoApp.State {
  /// One line that sums up a screen's state, for the terminal.
  func summary(of screen: Screen) -> String {
    switch screen {
    case .menu: "the menu"
    case .counter: "count = \(counter.count)"
    case .quote: quote.text
    case .details: details.summary
    case .todos: todos.summary
    case .inventory: inventory.summary
    case .search: search.summary
    case .stats: stats.stats.summary
    case .profile: profile.stats.summary
    }
  }

  /// The rows a screen's commands number from 1 (`toggle 2`, `open 1`), for hints and the
  /// selection.
  func rowTitles(of screen: Screen) -> [String] {
    switch screen {
    case .todos: todos.rows.map(\.todo.title)
    case .search: search.results.map(\.name)
    case .inventory: inventory.items.map(\.name)
    default: []
    }
  }
}

extension CounterWithDetails.State {
  var summary: String {
    var text = "count = \(count)"
    if let details {
      text += " | sheet: likes = \(details.likes.count)\(details.isFavorite ? ", ★" : "")"
    }
    return text
  }
}

extension Todos.State {
  var summary: String {
    var parts: [String] = []
    if rows.isEmpty {
      parts.append("no todos")
    } else {
      parts.append(
        rows.enumerated().map { index, row in
          "\(index + 1). [\(row.todo.isComplete ? "x" : " ")] \(row.todo.title)"
            + (row.isSortPending ? " (re-sort pending)" : "")
        }
        .joined(separator: ", "))
    }
    if isLoading { parts.append("loading…") }
    if let errorMessage { parts.append("error: \(errorMessage)") }
    if let alert { parts.append("alert: \(alert.title)") }
    return parts.joined(separator: " | ")
  }
}

extension Search.State {
  var summary: String {
    var parts = [query.isEmpty ? "no query" : "query \"\(query)\""]
    if isSearching { parts.append("searching…") }
    if let errorMessage { parts.append("error: \(errorMessage)") }
    if !results.isEmpty {
      parts.append(
        "results: "
          + results.enumerated().map { "\($0.offset + 1). \($0.element.name)" }
          .joined(separator: ", "))
    } else if !query.isEmpty && !isSearching {
      parts.append("no results")
    }
    for element in path {
      switch element {
      case .detail(let detail):
        if let details = detail.details {
          parts.append(
            "details: \(details.result.name), orbits \(details.orbits), "
              + "\(details.diameterInKilometers) km across")
        } else if let errorMessage = detail.errorMessage {
          parts.append("details: \(detail.result.name), error: \(errorMessage)")
        } else {
          parts.append("details: \(detail.result.name), loading…")
        }
      }
    }
    return parts.joined(separator: " | ")
  }
}

extension Inventory.State {
  var summary: String {
    var parts = ["\(items.count) item\(items.count == 1 ? "" : "s")"]
    if !items.isEmpty {
      parts[0] +=
        " ["
        + items.enumerated().map { "\($0.offset + 1). \($0.element.name) ×\($0.element.quantity)" }
        .joined(separator: ", ") + "]"
    }
    switch destination {
    case .add(let form)?:
      parts.append("sheet: add \"\(form.item.name)\" ×\(form.item.quantity)")
    case .alert(let alert)?:
      parts.append("alert: \(alert.title)")
    case nil:
      break
    }
    for element in path {
      switch element {
      case .detail(let detail):
        parts.append("detail: \(detail.item.name), \(detail.secondsOnScreen)s on screen")
      }
    }
    return parts.joined(separator: " | ")
  }
}

extension Stats {
  /// The statistics in one line: the count, its range and how many changes.
  var summary: String {
    "count = \(count) (min \(minCount), max \(maxCount), \(numberOfCounts) changes)"
  }
}
