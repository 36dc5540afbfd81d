import ReducerKit

// `swift run reducerkit-demo`: a counter, a details screen and a list of timers in the terminal.
// Interactive: single keys. Piped: one command per line (+, -, delayed+, delayed-, cancel,
// details, like, favorite, timer, toggle N, remove N, quit).

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

  func handle(_ command: Command) -> Bool {
    switch command {
    case .quit: return false
    case .action(let action):
      tasks.append(store.send(action))
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
      if !handle(command) { break }
    }
    Terminal.restore()
  } else {
    for await line in Terminal.lines() {
      if line.trimmingWhitespace().isEmpty { continue }
      guard let command = Command(line: line) else {
        print(Command.lineHint)
        continue
      }
      if !handle(command) { break }
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
  ] {
    text = text.replacingOccurrences(of: prefix, with: "")
  }
  return text
}

await runDemo()
