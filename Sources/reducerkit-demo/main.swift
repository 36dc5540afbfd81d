import ReducerKit

// `swift run reducerkit-demo`: a counter, a details screen, a list of timers and an inventory
// (an "add" sheet, a delete alert, pushed detail screens) in the terminal.
// Interactive: single keys. Piped: one command per line (+, -, delayed+, delayed-, cancel,
// details, like, favorite, timer, toggle N, remove N, add, name TEXT, more, less, save,
// discard, delete N, confirm, keep, open N, back, quit).

@MainActor
func runDemo() async {
  let store = Store(initialState: AppFeature.State()) {
    AppFeature()
    Reduce { state, action in
      print("action: \(describe(action))\n  state: \(state.summary)")
      return .none
    }
  }
  var tasks: [StoreTask] = []

  func handle(_ command: Command) async -> Bool {
    switch command {
    case .quit: return false
    case .action(let action):
      tasks.append(store.send(action))
      return true
    case .inventory(let command):
      switch command.action(in: store.state.inventory) {
      case .success(let action):
        let task = store.send(.inventory(action))
        // Saving, discarding and closing dismiss with a short effect: let it finish, so the
        // next command (a piped one comes at once) sees the screen closed.
        if command.dismisses { await task.finish() } else { tasks.append(task) }
        // A form opened from the keyboard gets a name, since single keys cannot type one.
        if command == .add, Terminal.isInteractive {
          let name = "Item \(store.state.inventory.items.count + 1)"
          tasks.append(store.send(.inventory(.destination(.presented(.add(.nameChanged(name)))))))
        }
      case .failure(let hint):
        print("hint: \(hint.text)")
      }
      return true
    }
  }

  print("ReducerKit demo. \(store.state.summary)")
  if Terminal.isInteractive {
    print(Command.keyHelp)
    for await key in Terminal.keys() {
      guard let command = Command(key: key) else {
        print(Command.keyHint)
        continue
      }
      if !(await handle(command)) { break }
    }
    Terminal.restore()
  } else {
    for await line in Terminal.lines() {
      if line.trimmingWhitespace().isEmpty { continue }
      guard let command = Command(line: line) else {
        print(Command.lineHint)
        continue
      }
      if !(await handle(command)) { break }
    }
  }
  // Timers run until stopped; delayed actions are let finish.
  store.send(.stopAllTimers)
  for task in tasks { await task.finish() }
  print("bye. \(store.state.summary)")
}

/// An action as the user thinks of it: `counter(.increment)` rather than the fully qualified
/// `counter(reducerkit_demo.CounterFeature.Action.increment)`.
func describe(_ action: AppFeature.Action) -> String {
  var text = String(describing: action)
  for prefix in [
    "reducerkit_demo.", "ReducerKit.", "IdentifiedAction<Swift.Int, TimerRowFeature.Action>",
    "CounterFeature.Action", "DetailsFeature.Action", "TimerRowFeature.Action",
    "ReducerKitExamples.", "PresentationAction<Inventory.Destination.Action>",
    "StackAction<Inventory.Path.State, Inventory.Path.Action>",
    "Inventory.Destination.Action.Alert",
    "Inventory.Destination.Action", "Inventory.Path.Action", "Inventory.Action",
    "ItemForm.Action.Delegate", "ItemForm.Action", "ItemDetail.Action",
  ] {
    text = text.replacingOccurrences(of: prefix, with: "")
  }
  return text
}

await runDemo()
