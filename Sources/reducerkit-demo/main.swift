import Foundation
import ReducerKit
import ReducerKitExamples

// `swift run reducerkit-demo`: a menu of the examples in ReducerKitExamples, in the terminal.
// Interactive: single keys (`?` lists them). Piped: one command word per line (`help` lists them);
// an example's name opens it from anywhere: printf 'counter\n+\nquit\n' | swift run reducerkit-demo

@MainActor
func runDemo() async {
  let interactive = Terminal.isInteractive
  LibraryWarningLog.install(interactive: interactive)
  let savedTodos = Shared<IdentifiedArrayOf<Todo>>(
    wrappedValue: [], .fileStorage(DemoFiles.todos()))
  let store = Store(initialState: DemoApp.State(savedTodos: savedTodos)) {
    DemoApp()
    Reduce { state, action in
      // The demo's own bookkeeping at quit is not an example's action.
      if action != .closeScreens {
        print("action: \(describe(action))\n  state: \(state.summary(of: action.screen))")
      }
      return .none
    }
  } withDependencies: {
    $0.actionLogger = ActionLogger { line in print("  log: \(shortened(line))") }
  }
  let runner =
    interactive
    ? DemoRunner(
      store: store, write: { print($0) },
      // One line, rewritten on each keystroke: back to its start, cleared, the text so far.
      showTyping: { text in
        print("\r\u{1B}[K" + text, terminator: "")
        fflush(nil)
      },
      endTyping: { print("") })
    : DemoRunner(store: store, write: { print($0) })

  print("ReducerKit demo: the examples from ReducerKitExamples.")
  print(CommandTable.help(on: .menu))
  if interactive {
    print(
      "(ReducerKit's own diagnostics, should any happen, are logged to \(LibraryWarningLog.fileURL.path))"
    )
    Terminal.enterKeyMode()
    for await key in InputReader.keys() {
      if !(await runner.handle(key)) { break }
    }
    Terminal.restore()
  } else {
    for await line in InputReader.lines() {
      if !(await runner.handle(line: line)) { break }
    }
  }
  await runner.finish()
  print("bye.")
  for screen in Screen.examples {
    print("  \(screen.word): \(store.state.summary(of: screen))")
  }
}

await runDemo()
