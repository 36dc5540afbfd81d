// Drives a feature made of every composing operator, the way an app is composed, in a build
// without reflection metadata, and checks that every child action reached its child. Run with
// `--stop` it builds a case path that cannot work without the metadata, which must stop the
// program with a message naming the build setting.
import Foundation
import ReducerKit

struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment, delayedIncrement }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .delayedIncrement:
      return .run { send in await send(.increment) }
    }
  }
}

struct Form: Reducer {
  struct State: Equatable { var name = "" }
  enum Action: BindableAction, Equatable { case binding(BindingAction<State>), save }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { _, action in
      guard case .save = action else { return .none }
      return .run { _ in await dismiss() }
    }
  }
}

struct Destination: Reducer {
  enum State: Equatable {
    case form(Form.State)
    case alert(AlertState<Action.Alert>)
  }
  enum Action: Equatable {
    case form(Form.Action)
    case alert(Alert)
    enum Alert: Equatable { case confirm }
  }
  var body: some ReducerOf<Self> {
    // A struct payload: without reflection metadata, spelled out (the documented spelling).
    Scope(
      state: CasePath(embed: State.form) { if case .form(let form) = $0 { form } else { nil } },
      action: Action.form
    ) { Form() }
  }
}

struct App: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var optional: Counter.State?
    var rows: IdentifiedArrayOf<Row.State> = []
    var path = StackState<Counter.State>()
    @PresentationState var destination: Destination.State?
    var confirmed = 0
  }
  enum Action: Equatable {
    case counter(Counter.Action)
    case optional(Counter.Action)
    case rows(IdentifiedActionOf<Row>)
    case path(StackAction<Counter.State, Counter.Action>)
    case destination(PresentationAction<Destination.Action>)
    case showOptional, addRow(Int), showForm, showAlert
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: Action.counter) { Counter() }
    Reduce { state, action in
      switch action {
      case .showOptional: state.optional = Counter.State()
      case .addRow(let id): state.rows.append(Row.State(id: id))
      case .showForm: state.destination = .form(Form.State())
      case .showAlert:
        state.destination = .alert(
          AlertState { TextState("Sure?") } actions: {
            ButtonState(action: .confirm) { TextState("Yes") }
          })
      case .destination(.presented(.alert(.confirm))): state.confirmed += 1
      default: break
      }
      return .none
    }
    .ifLet(\.optional, action: Action.optional) { Counter() }
    .forEach(\.rows, action: Action.rows) { Row() }
    .forEach(\.path, action: Action.path) { Counter() }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
  }
}

/// A row: a counter of its own, in a feature with a body.
struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var counter = Counter.State()
  }
  enum Action: Equatable { case counter(Counter.Action), removeTapped }
  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: Action.counter) { Counter() }
  }
}

@MainActor func run() async -> [String] {
  var failures: [String] = []
  func check(_ condition: Bool, _ what: String) { if !condition { failures.append(what) } }
  let store = Store(initialState: App.State()) { App() }
  await store.send(.counter(.increment)).finish()
  await store.send(.counter(.delayedIncrement)).finish()
  check(store.counter.count == 2, "Scope on a stored field: count \(store.counter.count)")

  store.send(.showOptional)
  await store.send(.optional(.delayedIncrement)).finish()
  check(store.optional?.count == 1, "ifLet on an optional: \(String(describing: store.optional))")

  store.send(.addRow(7))
  await store.send(.rows(.element(id: 7, action: .counter(.delayedIncrement)))).finish()
  check(store.rows[id: 7]?.counter.count == 1, "forEach over rows: \(store.rows)")

  store.send(.path(.push(id: 0, state: Counter.State())))
  let pushed = store.path.ids.first ?? 0
  await store.send(.path(.element(id: pushed, action: .delayedIncrement))).finish()
  check(store.path.first?.count == 1, "forEach over a stack: \(store.path)")

  store.send(.showForm)
  store.send(.destination(.presented(.form(.binding(.set(\.name, "Keyboard"))))))
  check(
    store.destination == .form(Form.State(name: "Keyboard")),
    "presentation ifLet, enum-case Scope, BindingReducer: \(String(describing: store.destination))")
  await store.send(.destination(.presented(.form(.save)))).finish()
  check(store.destination == nil, "the form's dismiss(): \(String(describing: store.destination))")

  store.send(.showAlert)
  store.send(.destination(.presented(.alert(.confirm))))
  check(store.confirmed == 1, "the alert's button reached the parent: \(store.confirmed)")
  // Not checked: the alert's dismissal in the same reduce, which needs field records to find
  // an alert in a destination enum (documented in Docs/Reliability.md).
  return failures
}

if CommandLine.arguments.contains("--stop") {
  // A struct payload from its constructor: cannot be learned without reflection metadata.
  _ = CasePath(Destination.State.form)
  print("not stopped")
  exit(0)
}

let failures = await run()
if failures.isEmpty {
  print("stripped-app: every child action reached its child")
} else {
  print("stripped-app: child actions were lost:")
  for failure in failures { print("  " + failure) }
  exit(1)
}
