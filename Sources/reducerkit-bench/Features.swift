import ReducerKit

/// The counter every case starts from.
struct BenchCounter: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case decrement
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return .none
  }
}

/// One level of `Scope` nesting around `Inner`.
struct Nest<Inner: Reducer>: Reducer {
  struct State {
    var child: Inner.State
    var other = 0
  }

  // Several payload cases, as real feature actions have: the enum keeps its tag in a byte of
  // its own. (A generic enum with one payload case and one empty case packs its tag into the
  // payload's spare values instead, and reading it costs a value-witness call per nesting
  // level; see Docs/Performance.md.)
  enum Action {
    case child(Inner.Action)
    case other(Int)
    case reset
  }

  let inner: Inner

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { inner }
  }
}

/// A list of counters run with `forEach`.
struct CounterList: Reducer {
  struct Row: Identifiable, Equatable {
    let id: Int
    var count = 0
  }

  struct State {
    var rows: IdentifiedArrayOf<Row>
  }

  enum Action {
    case rows(IdentifiedAction<Int, BenchCounter.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: Action.rows) {
        Reduce<Row, BenchCounter.Action> { row, action in
          row.count += action == .increment ? 1 : -1
          return .none
        }
      }
  }
}

/// The minimal hand-written Redux store from blog posts: a class, a state, a reducer function and
/// an array of middleware closures.
final class MinimalStore<State, Action> {
  typealias Middleware = (Action) -> Void

  private(set) var state: State
  private let reducer: (inout State, Action) -> Void
  private var middleware: [Middleware]

  init(
    state: State, reducer: @escaping (inout State, Action) -> Void,
    middleware: [Middleware] = []
  ) {
    self.state = state
    self.reducer = reducer
    self.middleware = middleware
  }

  func dispatch(_ action: Action) {
    for step in middleware { step(action) }
    reducer(&state, action)
  }
}
