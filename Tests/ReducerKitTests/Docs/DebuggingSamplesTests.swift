import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/Debugging.md, copied verbatim (`.ci/doc-samples` checks that each one
// is here), compiled, and run; the tests check the output the article shows. This file imports
// ReducerKit without `@testable`, so it also checks that `debugDump(_:)` and `diff(_:_:)` are
// public.

/// The suite is the samples' namespace, and its `print` records what they print. It is not
/// isolated to the main actor, as a file of an app is not: `logToStandardError` must be a plain
/// function to be passed to `_printChanges(to:)`.
@Suite struct DebuggingSamplesTests {
  /// What the samples printed.
  let printed = Locked<[String]>([])

  /// Records what a sample prints instead of writing it to standard output.
  func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let line = items.map { "\($0)" }.joined(separator: separator)
    printed.withLock { $0.append(line) }
  }

  struct Todos: Reducer {
    struct Todo: Equatable {
      var title: String
      var isDone = false
    }
    struct State: Equatable {
      var todos: [Todo] = []
      var filter = Filter.all
    }
    enum Filter: Equatable { case all, done }
    enum Action: Equatable { case add(String), toggle(index: Int), setFilter(Filter) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let title): state.todos.append(Todo(title: title))
      case .toggle(let index): state.todos[index].isDone.toggle()
      case .setFilter(let filter): state.filter = filter
      }
      return .none
    }
  }

  // MARK: - Logging every action

  @MainActor func logTodos() {
    let store = Store(initialState: Todos.State()) {
      Todos()._printChanges()
    }
    store.send(.add("Milk"))
    store.send(.toggle(index: 0))
    store.send(.setFilter(.all))
  }

  /// The article's output of `logTodos()`, entry by entry.
  static let printedChanges = [
    """
    action:
      Todos.Action.add("Milk")
      Todos.State(
    −   todos: [],
    +   todos: [
    +     [0]: Todos.Todo(
    +       title: "Milk",
    +       isDone: false,
    +     ),
    +   ],
        filter: .all,
      )
    """,
    """
    action:
      Todos.Action.toggle(index: 0)
    …
          [0]: Todos.Todo(
            title: "Milk",
    −       isDone: false,
    +       isDone: true,
          ),
        ],
    …
    """,
    """
    action:
      Todos.Action.setFilter(.all)
      (No state changes)
    """,
  ]

  @MainActor
  @Test func printChangesPrintsWhatTheArticleShows() {
    let entries = Locked<[String]>([])
    let store = Store(initialState: Todos.State()) {
      Todos()._printChanges { entry in entries.withLock { $0.append(entry) } }
    }
    store.send(.add("Milk"))
    store.send(.toggle(index: 0))
    store.send(.setFilter(.all))
    #expect(entries.withLock { $0 } == Self.printedChanges)
  }

  @MainActor
  @Test func logTodosRuns() {
    logTodos()  // prints the entries above to standard output
  }

  /// Writes one timestamped entry per action to standard error.
  func logToStandardError(_ entry: String) {
    FileHandle.standardError.write(Data("[\(Date())] \(entry)\n".utf8))
  }

  @MainActor func makeStore() -> Store<Todos.State, Todos.Action> {
    Store(initialState: Todos.State()) {
      Todos()._printChanges(to: logToStandardError)
    }
  }

  @MainActor
  @Test func theStandardErrorLoggerRuns() {
    let store = makeStore()
    store.send(.add("Milk"))  // logged to standard error
    #expect(store.todos == [Todos.Todo(title: "Milk")])
  }

  // MARK: - Dumping the state tree

  @MainActor func report(_ store: Store<Todos.State, Todos.Action>) {
    print(debugDump(store.state))

    let before = store.state
    store.send(.toggle(index: 0))
    if let changes = diff(before, store.state) {
      print(changes)
    }
  }

  @MainActor
  @Test func reportPrintsWhatTheArticleShows() {
    let store = Store(initialState: Todos.State(todos: [Todos.Todo(title: "Milk")])) { Todos() }
    report(store)
    #expect(
      printed.withLock { $0 } == [
        """
        Todos.State(
          todos: [
            [0]: Todos.Todo(
              title: "Milk",
              isDone: false,
            ),
          ],
          filter: .all,
        )
        """,
        """
        …
              [0]: Todos.Todo(
                title: "Milk",
        −       isDone: false,
        +       isDone: true,
              ),
            ],
        …
        """,
      ])
  }

  @Test func diffIsNilForEqualDumps() {
    #expect(diff(Todos.State(), Todos.State()) == nil)
    #expect(diff(Todos.Action.add("a"), Todos.Action.add("b")) != nil)
  }

  // MARK: - Observing runtime warnings

  func logWarnings(to log: @escaping @Sendable (String) -> Void) -> RuntimeWarnings.HandlerID {
    RuntimeWarnings.addHandler { warning in
      log("ReducerKit: \(warning.message) (\(warning.fileID):\(warning.line))")
      return true  // claimed: not printed to standard error as well
    }
  }

  func stopLoggingWarnings(_ id: RuntimeWarnings.HandlerID) {
    RuntimeWarnings.removeHandler(id)
  }

  @Test func theWarningLoggerSeesWarningsUntilItIsRemoved() {
    let logged = Locked<[String]>([])
    let id = logWarnings { line in logged.withLock { $0.append(line) } }
    reportIssue("debugging-sample-warning one")
    stopLoggingWarnings(id)
    reportIssue("debugging-sample-warning two")
    let mine = logged.withLock { $0 }.filter { $0.contains("debugging-sample-warning") }
    #expect(mine.count == 1)
    #expect(mine.first?.hasPrefix("ReducerKit: debugging-sample-warning one (") == true)
  }
}
