import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/MigratingFromReduxStores.md, copied verbatim (`.ci/doc-samples`
// checks that each one is here), compiled, and run.

/// The worked example: the hand-written store's counter (delayed changes on an injected clock,
/// every action logged), its store, and its test.
@Suite struct MigratingFromReduxStoresSample1 {
  struct Counter: Reducer {
    struct State: Equatable { var value = 0 }
    enum Action: Equatable { case increase, decrease, increaseLater, decreaseLater }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increase:
        state.value += 1
        return .none
      case .decrease:
        state.value -= 1
        return .none
      case .increaseLater:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.increase)
        }
      case .decreaseLater:
        return .run { send in
          try await clock.sleep(for: .milliseconds(500))
          await send(.decrease)
        }
      }
    }
  }

  @MainActor
  func makeCounterStore() -> Store<Counter.State, Counter.Action> {
    Store(initialState: Counter.State()) {
      Counter()._printChanges()  // every action and the state change it made, as dispatch logged
    }
  }

  @MainActor
  @Test func counter() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.increase) { $0.value = 1 }
    await store.send(.increaseLater)
    await store.send(.decreaseLater)  // both run at once
    await clock.advance(by: .milliseconds(500))
    await store.receive(.decrease) { $0.value = 0 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.increase) { $0.value = 1 }
  }

  /// Not in the article: the store that logs, run for real (on an immediate clock).
  @MainActor
  @Test func theLoggingStoreRuns() async {
    let store = withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      makeCounterStore()
    }
    store.send(.increase)
    await store.send(.decreaseLater).finish()
    #expect(store.value == 0)
  }
}

/// RedUx: an environment becomes dependencies, `pull` composes a child, an `AsyncSequence`
/// effect, a preview store.
@Suite struct MigratingFromReduxStoresSample2 {
  struct Details: Reducer {
    struct State: Equatable { var isFavorite = false }
    enum Action: Equatable { case favoriteTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.isFavorite.toggle()
      return .none
    }
  }

  struct Root: Reducer {
    struct State: Equatable {
      var count = 0
      var isPresentingSheet = false
      var details = Details.State()
    }
    enum Action: Equatable {
      case increment
      case incrementWithDelay
      case setSheet(Bool)
      case details(Details.Action)
    }

    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .none
        case .incrementWithDelay:
          let clock = clock
          let increments = AsyncStream<Action> { continuation in
            let task = Task {
              try? await clock.sleep(for: .seconds(2))
              continuation.yield(.increment)
              continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
          }
          return .run(increments)
        case .setSheet(let isPresented):
          state.isPresentingSheet = isPresented
          return .none
        case .details:
          return .none
        }
      }
      Details().pull(state: \State.details, action: Action.details)
    }
  }

  @MainActor
  func previewStore() -> Store<Root.State, Root.Action> {
    Store(initialState: Root.State(count: 42)) {
      EmptyReducer()
    }
  }

  @MainActor
  @Test func root() async {
    let clock = TestClock()
    let store = TestStore(initialState: Root.State()) {
      Root()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.details(.favoriteTapped)) { $0.details.isFavorite = true }
    await store.send(.incrementWithDelay)
    await clock.advance(by: .seconds(2))
    await store.receive(.increment) { $0.count = 2 }
    await store.finish()
  }

  @MainActor
  @Test func scopingAndBinding() {
    let store = Store(initialState: Root.State()) { Root() }
    let detailsStore = store.scope(state: \.details, action: Root.Action.details)
    let isPresentingSheet = store.binding(get: \.isPresentingSheet, send: Root.Action.setSheet)
    detailsStore.send(.favoriteTapped)  // sent to `store` as .details(.favoriteTapped)
    isPresentingSheet.wrappedValue = true  // sends .setSheet(true)
    #expect(store.details.isFavorite)
    #expect(store.isPresentingSheet)
  }

  /// Not in the article: a preview store never changes.
  @MainActor
  @Test func previewStoreIgnoresActions() {
    let store = previewStore()
    store.send(.increment)
    #expect(store.count == 42)
  }
}

/// MiniRedux: a list of child features reloaded in place (each surviving row keeps its state and
/// its running effects), and an initial action.
enum MigratingFromReduxStoresSample3 {
  struct TodoRecord: Equatable, Sendable {
    let id: Int
    var title: String
  }

  struct Todo: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var title = ""
      var isDone = false
      var isSaving = false
    }
    enum Action: Equatable { case toggleTapped, saved }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .toggleTapped:
        state.isDone.toggle()
        state.isSaving = true
        return .run { send in
          try await clock.sleep(for: .seconds(1))  // stands in for saving to a server
          await send(.saved)
        }
      case .saved:
        state.isSaving = false
        return .none
      }
    }
  }

  struct Todos: Reducer {
    struct State: Equatable {
      var todos: IdentifiedArrayOf<Todo.State> = []
    }
    enum Action: Equatable {
      case reloaded([TodoRecord])
      case todos(IdentifiedActionOf<Todo>)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .reloaded(let records):
          // Keep each surviving row's state, add the new rows, drop the others.
          var todos = IdentifiedArrayOf<Todo.State>()
          for record in records where !todos.ids.contains(record.id) {  // the first record wins
            var todo = state.todos[id: record.id] ?? Todo.State(id: record.id)
            todo.title = record.title
            todos.append(todo)
          }
          state.todos = todos
          return .none
        case .todos:
          return .none
        }
      }
      .forEach(\.todos, action: Action.todos) { Todo() }
    }
  }
}

extension MigratingFromReduxStoresSample3 {
  @Suite struct Tests {
    @MainActor
    @Test func reloadKeepsSurvivingRows() async {
      let clock = TestClock()
      let store = TestStore(initialState: Todos.State()) {
        Todos()
      } withDependencies: {
        $0.continuousClock = clock
      }
      let milk = TodoRecord(id: 1, title: "Milk")
      let eggs = TodoRecord(id: 2, title: "Eggs")
      await store.send(.reloaded([milk, eggs])) {
        $0.todos = [Todo.State(id: 1, title: "Milk"), Todo.State(id: 2, title: "Eggs")]
      }
      await store.send(.todos(.element(id: 1, action: .toggleTapped))) {
        $0.todos[id: 1]?.isDone = true
        $0.todos[id: 1]?.isSaving = true
      }
      await store.send(.todos(.element(id: 2, action: .toggleTapped))) {
        $0.todos[id: 2]?.isDone = true
        $0.todos[id: 2]?.isSaving = true
      }
      // Milk survives with its state and its running save; Eggs is dropped, its save cancelled.
      await store.send(
        .reloaded([TodoRecord(id: 1, title: "Oat milk"), TodoRecord(id: 3, title: "Tea")])
      ) {
        $0.todos = [
          Todo.State(id: 1, title: "Oat milk", isDone: true, isSaving: true),
          Todo.State(id: 3, title: "Tea"),
        ]
      }
      await clock.advance(by: .seconds(1))
      await store.receive(.todos(.element(id: 1, action: .saved))) {
        $0.todos[id: 1]?.isSaving = false
      }
    }

    /// Not in the article's code: a reload that repeats an id keeps the first record.
    @MainActor
    @Test func reloadSkipsRepeatedIDs() async {
      let store = TestStore(initialState: Todos.State()) { Todos() }
      await store.send(
        .reloaded([TodoRecord(id: 1, title: "Milk"), TodoRecord(id: 1, title: "Tea")])
      ) {
        $0.todos = [Todo.State(id: 1, title: "Milk")]
      }
    }

    @MainActor
    @Test func initialAction() async {
      let store = Store(initialState: Todos.State()) {
        Todos()
      } withDependencies: {
        $0.continuousClock = ImmediateClock()
      }
      store.send(.reloaded([TodoRecord(id: 1, title: "Milk")]))  // MiniRedux's initialAction
      #expect(store.todos.map(\.title) == ["Milk"])
    }
  }
}
