import ReducerKit

// `swift run reducerkit-demo`: a counter in the terminal.
// Interactive: single keys. Piped: one command per line (+, -, delayed+, delayed-, cancel, quit).

@MainActor
func runDemo() async {
  let store = Store(initialState: CounterFeature.State()) {
    CounterFeature()
    Reduce { state, action in
      print("action: \(action)    state: count = \(state.count)")
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

  print("ReducerKit counter. count = \(store.count)")
  if Terminal.isInteractive {
    print(
      "keys: + add 1 | - subtract 1 | ] +1 after 1 s | [ -1 after 0.5 s | c cancel delayed | q quit"
    )
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
  // Let delayed actions that are still running finish before exiting.
  for task in tasks { await task.finish() }
  print("bye. count = \(store.count)")
}

await runDemo()
