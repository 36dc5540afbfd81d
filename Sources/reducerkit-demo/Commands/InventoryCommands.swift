import ReducerKit
import ReducerKitExamples

extension DemoCommand {
  /// The Inventory example's commands. Each is turned into an action only when the screen is in
  /// a state where that action means something, so the demo never sends an action the library
  /// would warn about (a form action with no form shown).
  @MainActor static let inventory: [DemoCommand] = [
    DemoCommand(keys: [.character("a")], word: "add", help: "open the add sheet") { _, state in
      guard state.inventory.destination == nil else { return .hint(somethingShown) }
      return .send(.inventory(.addTapped))
    },
    DemoCommand(
      keys: [.character("e")], word: "name", argument: .text(placeholder: "TEXT"),
      help: "sheet: the item's name"
    ) { input, state in
      guard let name = text(input, asking: "TEXT") else { return .hint("type a name: name TEXT") }
      return formAction(state, .nameChanged(name))
    },
    DemoCommand(keys: [.character(".")], word: "more", help: "sheet: quantity +1") { _, state in
      formAction(state, .incrementQuantity)
    },
    DemoCommand(keys: [.character(",")], word: "less", help: "sheet: quantity −1") { _, state in
      formAction(state, .decrementQuantity)
    },
    DemoCommand(keys: [.character("s")], word: "save", help: "sheet: save (closes itself)") {
      _, state in
      if case .add(let form) = state.inventory.destination,
        form.item.name.trimmingWhitespace().isEmpty
      {
        return .hint("give the item a name first: name TEXT")
      }
      return formAction(state, .saveTapped, waits: true)
    },
    DemoCommand(keys: [.character("x")], word: "discard", help: "sheet: close without saving") {
      _, state in formAction(state, .cancelTapped, waits: true)
    },
    DemoCommand(
      keys: [.character("k")], word: "delete", argument: .row, help: "delete, after an alert"
    ) { input, state in
      guard state.inventory.destination == nil else { return .hint(somethingShown) }
      guard state.inventory.path.isEmpty else {
        return .hint("close the detail screen first: back")
      }
      return row(input, state).outcome { index in
        .send(.inventory(.deleteTapped(state.inventory.items[index].id)))
      }
    },
    DemoCommand(keys: [.character("y")], word: "confirm", help: "alert: delete") { _, state in
      guard case .alert(let alert) = state.inventory.destination,
        let action = alert.buttons.first(where: { $0.role == .destructive })?.action.action
      else { return .hint(noAlert) }
      return .send(.inventory(.destination(.presented(.alert(action)))))
    },
    DemoCommand(keys: [.character("n")], word: "keep", help: "alert: keep it") { _, state in
      guard case .alert = state.inventory.destination else { return .hint(noAlert) }
      return .send(.inventory(.destination(.dismiss)))
    },
    DemoCommand(
      keys: [.character("o"), .right], word: "open", argument: .row,
      help: "push the item's detail screen (its timer ticks)",
      resolve: { input, state in
        guard state.inventory.destination == nil else { return .hint(somethingShown) }
        return row(input, state).outcome { index in
          .send(.inventory(.itemTapped(state.inventory.items[index].id)))
        }
      }, keepsRunning: true),
    DemoCommand(
      keys: [.character("b"), .left], word: "back", help: "detail: close itself (dismiss)"
    ) { _, state in
      guard let top = state.inventory.path.ids.last else {
        return .hint("no detail screen is open; type open N first")
      }
      return .sendAndWait(.inventory(.path(.element(id: top, action: .detail(.closeTapped)))))
    },
  ]

  private static let somethingShown = "close what is shown first (save, discard, confirm, keep)"
  private static let noAlert = "no delete alert is shown; type delete N first"

  private static func formAction(
    _ state: DemoApp.State, _ action: ItemForm.Action, waits: Bool = false
  ) -> Outcome {
    guard case .add = state.inventory.destination else {
      return .hint("no add sheet is open; type add first")
    }
    let action = DemoApp.Action.inventory(.destination(.presented(.add(action))))
    return waits ? .sendAndWait(action) : .send(action)
  }

  private static func row(_ input: Input, _ state: DemoApp.State) -> Result<Int, RowHint> {
    rowIndex(input, count: state.inventory.items.count, empty: "the inventory is empty; type add")
  }
}
