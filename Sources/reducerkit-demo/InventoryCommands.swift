import ReducerKit
import ReducerKitExamples

/// The inventory screen's commands: what the user asks for, turned into an action only when the
/// screen is in a state where that action means something (so the demo never sends an action
/// the library would warn about, such as a form action with no form shown).
enum InventoryCommand: Equatable {
  case add
  case name(String)
  case moreQuantity
  case lessQuantity
  case save
  case discard
  /// Row `n` (1-based); `nil` for the last row.
  case delete(Int?)
  case confirm
  case keep
  /// Row `n` (1-based); `nil` for the last row.
  case open(Int?)
  case back

  /// Whether the command closes a screen with a short effect (`dismiss()`), which the demo lets
  /// finish before the next command.
  var dismisses: Bool {
    switch self {
    case .save, .discard, .back: true
    default: false
    }
  }

  /// The action for this command in `state`, or a hint saying why there is none.
  func action(in state: Inventory.State) -> Result<Inventory.Action, InventoryHint> {
    switch self {
    case .add:
      guard state.destination == nil else { return .failure("close what is shown first") }
      return .success(.addTapped)
    case .name(let name):
      return formAction(in: state, .nameChanged(name))
    case .moreQuantity:
      return formAction(in: state, .incrementQuantity)
    case .lessQuantity:
      return formAction(in: state, .decrementQuantity)
    case .save:
      return formAction(in: state, .saveTapped)
    case .discard:
      return formAction(in: state, .cancelTapped)
    case .delete(let row):
      guard state.destination == nil else { return .failure("close what is shown first") }
      return item(row, in: state).map { .deleteTapped($0.id) }
    case .confirm:
      guard case .alert(let alert) = state.destination,
        let action = alert.buttons.first(where: { $0.role == .destructive })?.action.action
      else { return .failure("no delete alert is shown; type delete N first") }
      return .success(.destination(.presented(.alert(action))))
    case .keep:
      guard case .alert = state.destination else {
        return .failure("no delete alert is shown; type delete N first")
      }
      return .success(.destination(.dismiss))
    case .open(let row):
      return item(row, in: state).map { .itemTapped($0.id) }
    case .back:
      guard let top = state.path.ids.last else { return .failure("no detail screen is open") }
      return .success(.path(.element(id: top, action: .detail(.closeTapped))))
    }
  }

  private func formAction(
    in state: Inventory.State, _ action: ItemForm.Action
  ) -> Result<Inventory.Action, InventoryHint> {
    guard case .add = state.destination else {
      return .failure("no form is open; type add first")
    }
    return .success(.destination(.presented(.add(action))))
  }

  private func item(_ row: Int?, in state: Inventory.State) -> Result<Item, InventoryHint> {
    guard !state.items.isEmpty else { return .failure("the inventory is empty; type add first") }
    let index = (row ?? state.items.count) - 1
    guard state.items.indices.contains(index) else {
      return .failure(
        InventoryHint("there is no row \(index + 1); rows are 1 to \(state.items.count)"))
    }
    return .success(state.items[index])
  }
}

/// Why an inventory command does nothing right now.
struct InventoryHint: Error, Equatable, ExpressibleByStringLiteral {
  let text: String
  init(stringLiteral text: String) { self.text = text }
  init(_ text: String) { self.text = text }
}

extension Inventory.State {
  /// One line that sums up the inventory screen, for the terminal.
  var summary: String {
    var parts = ["inventory: \(items.count) item\(items.count == 1 ? "" : "s")"]
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
