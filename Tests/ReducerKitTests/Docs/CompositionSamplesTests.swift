import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/Composition.md, copied verbatim (`.ci/doc-samples` checks that each
// one is here), compiled, and run. Each sample has a namespace of its own, together with the
// child features it assumes (`Counter`, `Settings`, `Details`, …), which the article leaves out.

/// `Scope` and `pull`.
enum CompositionSample1 {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct Settings: Reducer {
    struct State: Equatable { var isOn = false }
    enum Action: Equatable { case toggle }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.isOn.toggle()
      return .none
    }
  }

  struct App: Reducer {
    struct State { var counter = Counter.State(); var settings = Settings.State() }
    enum Action { case counter(Counter.Action), settings(Settings.Action) }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
      Settings().pull(state: \State.settings, action: Action.settings)  // the same, as a method
    }
  }
}

/// `ifLet`.
enum CompositionSample2 {
  struct Details: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable { case startTimer, tick }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startTimer:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable { var details: Details.State? }
    enum Action { case details(Details.Action), showDetails, hideDetails }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .showDetails: state.details = Details.State()
        case .hideDetails: state.details = nil  // cancels every effect Details started
        case .details: break
        }
        return .none
      }
      .ifLet(\.details, action: Action.details) { Details() }
    }
  }
}

/// `ifCaseLet`.
enum CompositionSample3 {
  struct User: Equatable { var name: String }

  struct Login: Reducer {
    struct State: Equatable { var name = "" }
    enum Action: Equatable {
      case logInTapped
      case delegate(Delegate)
      enum Delegate: Equatable { case didLogIn(User) }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .logInTapped: return .send(.delegate(.didLogIn(User(name: state.name))))
      case .delegate: return .none
      }
    }
  }

  struct Home: Reducer {
    struct State: Equatable { var user: User }
    enum Action: Equatable { case logOutTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }

  struct App: Reducer {
    enum State { case loggedOut(Login.State), loggedIn(Home.State) }
    enum Action { case login(Login.Action), home(Home.Action) }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .login(.delegate(.didLogIn(let user))) = action {
          state = .loggedIn(Home.State(user: user))  // cancels Login's effects
        }
        return .none
      }
      .ifCaseLet(State.loggedOut, action: Action.login) { Login() }
      .ifCaseLet(State.loggedIn, action: Action.home) { Home() }
    }
  }
}

/// `forEach`.
enum CompositionSample4 {
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var title = ""
    }
    enum Action: Equatable { case rename(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .rename(let title): state.title = title
      }
      return .none
    }
  }

  struct Todos: Reducer {
    struct State { var rows: IdentifiedArrayOf<Row.State> = [] }
    enum Action { case rows(IdentifiedActionOf<Row>), delete(Row.State.ID) }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .delete(let id) = action { state.rows.remove(id: id) }  // cancels the row's effects
        return .none
      }
      .forEach(\.rows, action: Action.rows) { Row() }
    }
  }
}

/// `IdentifiedArray`'s list operations.
enum CompositionSample5 {
  struct Download: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var name: String
      var isFinished = false
      var progress = 0
    }
    enum Action: Equatable { case start, progressed }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.progressed)
          }
        }
      case .progressed:
        state.progress += 1
        return .none
      }
    }
  }

  struct Downloads: Reducer {
    struct State { var rows: IdentifiedArrayOf<Download.State> = [] }
    enum Action {
      case rows(IdentifiedActionOf<Download>)
      case deleted(IndexSet), moved(IndexSet, Int), clearFinished, dropOldest, sortByName
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .deleted(let offsets): state.rows.remove(atOffsets: offsets)
        case .moved(let source, let destination):
          state.rows.move(fromOffsets: source, toOffset: destination)
        case .clearFinished: state.rows = state.rows.filter { !$0.isFinished }
        case .dropOldest: state.rows.removeFirst()
        case .sortByName: state.rows.sort { $0.name < $1.name }
        case .rows: break
        }
        return .none
      }
      .forEach(\.rows, action: Action.rows) { Download() }
    }
  }
}

/// The suite is the namespace of the `onChange` sample and of the child-stores sample.
@MainActor
@Suite struct CompositionSamplesTests {
  @Test func scopeAndPullRunTheirChildren() {
    let store = Store(initialState: CompositionSample1.App.State()) { CompositionSample1.App() }
    store.send(.counter(.increment))
    store.send(.settings(.toggle))
    #expect(store.counter.count == 1)
    #expect(store.settings.isOn)
  }

  @Test func hidingTheDetailsCancelsTheirEffects() async {
    typealias Parent = CompositionSample2.Parent
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.showDetails) { $0.details = .init() }
    await store.send(.details(.startTimer))
    await store.send(.hideDetails) { $0.details = nil }
    await store.finish()  // fails if the timer were still running
  }

  @Test func loggingInSwitchesTheAppToHome() {
    typealias App = CompositionSample3.App
    let store = Store(initialState: App.State.loggedOut(.init(name: "Blob"))) { App() }
    store.send(.login(.logInTapped))
    guard case .loggedIn(let home) = store.state else {
      Issue.record("Expected the app to be logged in, got \(store.state)")
      return
    }
    #expect(home.user == CompositionSample3.User(name: "Blob"))
  }

  @Test func rowsReceiveTheirActionsAndCanBeDeleted() {
    typealias Todos = CompositionSample4.Todos
    let store = Store(initialState: Todos.State(rows: [.init(id: 1), .init(id: 2)])) { Todos() }
    store.send(.rows(.element(id: 2, action: .rename("Milk"))))
    #expect(store.rows[id: 2]?.title == "Milk")
    store.send(.delete(1))
    #expect(Array(store.rows.ids) == [2])
  }

  // MARK: - onChange

  struct Search: Reducer {
    struct State: Equatable {
      var query = ""
      var searches: [String] = []
    }
    enum Action: Equatable { case queryChanged(String), clear, search(String) }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .queryChanged(let query): state.query = query
        case .clear: state.query = ""
        case .search(let query): state.searches.append(query)
        }
        return .none
      }
      .onChange(of: \.query) { oldValue, newValue in
        Reduce { state, action in
          .send(.search(newValue))
        }
      }
    }
  }

  @Test func onChangeSearchesWhenTheQueryChanged() async {
    let store = TestStore(initialState: Search.State()) { Search() }
    await store.send(.queryChanged("milk")) { $0.query = "milk" }
    await store.receive(.search("milk")) { $0.searches = ["milk"] }
    await store.send(.queryChanged("milk"))
    await store.send(.clear) { $0.query = "" }
    await store.receive(.search("")) { $0.searches = ["milk", ""] }
    await store.finish()
  }

  // MARK: - Child stores for views

  typealias App = CompositionSample1.App
  typealias Parent = CompositionSample2.Parent
  typealias Todos = CompositionSample4.Todos

  @Test func childStores() {
    let appStore = Store(initialState: App.State()) { App() }
    let parentStore = Store(initialState: Parent.State()) { Parent() }
    let todosStore = Store(initialState: Todos.State(rows: [.init(id: 1), .init(id: 2)])) {
      Todos()
    }

    let counterStore = appStore.scope(state: \.counter, action: App.Action.counter)  // Store
    let detailsStore = parentStore.scope(state: \.details, action: Parent.Action.details)  // Store?
    let rowStores = todosStore.scope(state: \.rows, action: Todos.Action.rows)  // [Store]

    counterStore.send(.increment)
    #expect(appStore.counter.count == 1)
    #expect(detailsStore == nil)
    #expect(rowStores.map(\.state.id) == [1, 2])
    rowStores[1].send(.rename("Eggs"))
    #expect(todosStore.rows[id: 2]?.title == "Eggs")
    // Cached: the same scope gives the same objects while they are alive.
    #expect(appStore.scope(state: \.counter, action: App.Action.counter) === counterStore)
    #expect(todosStore.scope(state: \.rows, action: Todos.Action.rows)[0] === rowStores[0])
  }

  // MARK: - onChange(of:removeDuplicates:)

  struct Library: Reducer {
    struct Book: Identifiable {  // not Equatable
      let id: Int
      var pages: [String]
    }
    struct State {
      var selection: Book?
      var openedIDs: [Int] = []
    }
    enum Action { case select(Book?), open(Int) }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .select(let book): state.selection = book
        case .open(let id): state.openedIDs.append(id)
        }
        return .none
      }
      .onChange(of: { $0.selection }, removeDuplicates: { $0?.id == $1?.id }) { _, newValue in
        Reduce { state, action in
          guard let book = newValue else { return .none }
          return .send(.open(book.id))  // only when another book (by id) is selected
        }
      }
    }
  }

  @Test func onChangeWithRemoveDuplicatesComparesByTheGivenFunction() {
    let store = Store(initialState: Library.State()) { Library() }
    store.send(.select(Library.Book(id: 1, pages: ["a"])))
    store.send(.select(Library.Book(id: 1, pages: ["a", "b"])))  // the same book: no change
    store.send(.select(Library.Book(id: 2, pages: [])))
    store.send(.select(nil))
    #expect(store.openedIDs == [1, 2])
  }

  // MARK: - IdentifiedArray's list operations

  /// Starts a download in every row and returns each row's task, by id.
  private func startedDownloads(
    _ names: [String]
  ) -> (
    Store<CompositionSample5.Downloads.State, CompositionSample5.Downloads.Action>, [Int: StoreTask]
  ) {
    let rows = names.enumerated().map { offset, name in
      CompositionSample5.Download.State(
        id: offset + 1, name: name, isFinished: name.hasPrefix("done"))
    }
    let store = Store(
      initialState: CompositionSample5.Downloads.State(rows: IdentifiedArray(uniqueElements: rows))
    ) {
      CompositionSample5.Downloads()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    var tasks: [Int: StoreTask] = [:]
    for row in rows {
      tasks[row.id] = store.send(.rows(.element(id: row.id, action: .start)))
    }
    return (store, tasks)
  }

  private func expectOnlyRunning(_ ids: Set<Int>, in tasks: [Int: StoreTask]) async {
    for (id, task) in tasks.sorted(by: { $0.key < $1.key }) {
      if ids.contains(id) {
        #expect(!task.isFinished, "row \(id) should still be downloading")
      } else {
        #expect(
          await eventually { task.isFinished }, "row \(id) was removed; its effect should end")
      }
    }
  }

  @Test func removingRowsByOffsetsFirstOrFilterCancelsTheirEffects() async {
    let (store, tasks) = startedDownloads(["a", "done b", "c", "d"])
    store.send(.dropOldest)
    await expectOnlyRunning([2, 3, 4], in: tasks)
    store.send(.deleted(IndexSet([1])))  // "c"
    await expectOnlyRunning([2, 4], in: tasks)
    store.send(.clearFinished)
    await expectOnlyRunning([4], in: tasks)
    #expect(Array(store.rows.ids) == [4])
  }

  @Test func movingAndSortingRowsKeepsTheirEffects() async {
    let (store, tasks) = startedDownloads(["c", "a", "b"])
    store.send(.moved(IndexSet([0]), 3))
    #expect(Array(store.rows.ids) == [2, 3, 1])
    store.send(.sortByName)
    #expect(store.rows.map(\.name) == ["a", "b", "c"])
    await expectOnlyRunning([1, 2, 3], in: tasks)
  }
}
