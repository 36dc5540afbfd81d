import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/MigratingFromTCA.md, copied verbatim (`.ci/doc-samples` checks that
// each one is here), compiled, and run.

// MARK: - The worked example's dependency (an extension of DependencyValues must be at file scope)

struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

enum NumberFactClientKey: DependencyKey {
  static let liveValue = NumberFactClient { n in "\(n) is the number of the day." }
  static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClientKey.self] }
    set { self[NumberFactClientKey.self] = newValue }
  }
}

/// The worked example: a counter with a timer, a fact fetched from a dependency and shown in a
/// sheet that dismisses itself, and its exhaustive test.
enum MigratingFromTCASample {
  struct CounterFeature: Reducer {
    struct State: Equatable {
      var count = 0
      var isTimerRunning = false
      var isLoadingFact = false
      @PresentationState var fact: FactSheet.State?
    }
    enum Action: Equatable {
      case incrementTapped
      case toggleTimerTapped
      case timerTicked
      case factTapped
      case factResponse(String)
      case factFailed
      case fact(PresentationAction<FactSheet.Action>)
    }
    enum CancelID { case timer, fact }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.numberFact) var numberFact

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrementTapped, .timerTicked:
          state.count += 1
          return .none
        case .toggleTimerTapped:
          state.isTimerRunning.toggle()
          guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
          return .run { send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.timerTicked)
            }
          }
          .cancellable(id: CancelID.timer)
        case .factTapped:
          state.isLoadingFact = true
          let count = state.count
          return .run { send in
            await send(.factResponse(try await numberFact.fetch(count)))
          } catch: { _, send in
            await send(.factFailed)
          }
          .cancellable(id: CancelID.fact, cancelInFlight: true)
        case .factResponse(let text):
          state.isLoadingFact = false
          state.fact = FactSheet.State(text: text)
          return .none
        case .factFailed:
          state.isLoadingFact = false
          return .none
        case .fact:
          return .none
        }
      }
      .ifLet(\.$fact, action: Action.fact) { FactSheet() }
    }
  }

  struct FactSheet: Reducer {
    struct State: Equatable { var text: String }
    enum Action: Equatable { case closeTapped }

    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

extension MigratingFromTCASample {
  @Suite struct Tests {
    @MainActor
    @Test func counterFeature() async {
      let clock = TestClock()
      let store = TestStore(initialState: CounterFeature.State()) {
        CounterFeature()
      } withDependencies: {
        $0.continuousClock = clock
        $0.numberFact.fetch = { n in "\(n) is a good number." }
      }

      await store.send(.toggleTimerTapped) { $0.isTimerRunning = true }
      await clock.advance(by: .seconds(2))
      await store.receive(.timerTicked) { $0.count = 1 }
      await store.receive(.timerTicked) { $0.count = 2 }
      await store.send(.toggleTimerTapped) { $0.isTimerRunning = false }

      await store.send(.factTapped) { $0.isLoadingFact = true }
      await store.receive(CounterFeature.Action.factResponse) {  // any fact: by case constructor
        $0.isLoadingFact = false
        $0.fact = FactSheet.State(text: "2 is a good number.")
      }
      await store.send(.fact(.presented(.closeTapped)))
      await store.receive(CounterFeature.Action.fact(.dismiss)) { $0.fact = nil }
    }

    /// Not in the article: the error path, through the `catch:` handler.
    @MainActor
    @Test func factFailure() async {
      struct Offline: Error {}
      let store = TestStore(initialState: CounterFeature.State()) {
        CounterFeature()
      } withDependencies: {
        $0.numberFact.fetch = { _ in throw Offline() }
      }
      await store.send(.factTapped) { $0.isLoadingFact = true }
      await store.receive(.factFailed) { $0.isLoadingFact = false }
    }

    /// Not in the article: the case-path spellings of its table.
    @Test func casePathSpellings() {
      let action = CounterFeature.Action.fact(.dismiss)
      #expect(CasePath(CounterFeature.Action.fact).extract(from: action) == .dismiss)
      #expect(CasePath(CounterFeature.Action.factResponse).extract(from: action) == nil)
      #expect(CasePath(CounterFeature.Action.factResponse).embed("x") == .factResponse("x"))
    }
  }
}

/// The view-action sample (`ViewAction`, `BindingReducer(action:)`) and its binding.
enum MigratingFromTCAViewActionSample {
  struct Login: Reducer {
    struct State: Equatable {
      var email = ""
      var isLoggingIn = false
    }
    enum Action: Equatable, ViewAction {
      case view(View)
      enum View: BindableAction, Equatable {
        case binding(BindingAction<State>)
        case loginTapped
      }
    }

    var body: some ReducerOf<Self> {
      BindingReducer(action: Action.view)
      Reduce { state, action in
        switch action {
        case .view(.loginTapped):
          state.isLoggingIn = true
          return .none
        case .view(.binding):
          return .none
        }
      }
    }
  }

  @MainActor
  static func bindTheEmail(_ store: Store<Login.State, Login.Action>) -> String {
    let email = store.binding(\.email)
    email.wrappedValue = "blob@example.com"  // sends .view(.binding(.set(\.email, …)))
    return email.wrappedValue
  }
}

extension MigratingFromTCAViewActionSample {
  @MainActor
  @Suite struct Tests {
    @Test func bindingsUnderTheViewCaseAreApplied() async {
      let store = TestStore(initialState: Login.State()) { Login() }
      await store.send(.view(.binding(.set(\.email, "blob@example.com")))) {
        $0.email = "blob@example.com"
      }
      await store.send(.view(.loginTapped)) { $0.isLoggingIn = true }
    }

    @Test func theViewBindsAFieldUnderTheViewCase() {
      let store = Store(initialState: Login.State()) { Login() }
      #expect(bindTheEmail(store) == "blob@example.com")
      #expect(store.email == "blob@example.com")
    }

    @Test func theViewCaseIsTheProtocolsRequirement() {
      func send<A: ViewAction>(_ action: A.ViewAction, as _: A.Type) -> A { A.view(action) }
      #expect(send(.loginTapped, as: Login.Action.self) == .view(.loginTapped))
    }
  }
}

/// Not in the article as code: the rows of its spellings table that name TCA 1.x's newer case
/// key paths, compiled and run with the ReducerKit spellings the table gives.
enum MigratingFromTCASpellings {
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var title = ""
    }
    enum Action: Equatable { case load, loaded(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load: return .send(.loaded("Row \(state.id)"))
      case .loaded(let title):
        state.title = title
        return .none
      }
    }
  }

  struct Detail: Reducer {
    struct State: Equatable { var isLoaded = false }
    enum Action: Equatable { case onAppear, loaded }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear: return .send(.loaded)
      case .loaded:
        state.isLoaded = true
        return .none
      }
    }
  }

  struct Path: Reducer {
    enum State: Equatable { case detail(Detail.State) }
    enum Action: Equatable { case detail(Detail.Action) }

    var body: some ReducerOf<Self> {
      Scope(state: State.detail, action: Action.detail) { Detail() }
    }
  }

  struct Edit: Reducer {
    struct State: Equatable { var name = "" }
    enum Action: Equatable { case nameChanged(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .nameChanged(let name): state.name = name
      }
      return .none
    }
  }

  struct Destination: Reducer {
    enum State: Equatable {
      case edit(Edit.State)
      case alert(AlertState<Action.Alert>)
    }
    enum Action: Equatable {
      case edit(Edit.Action)
      case alert(Alert)
      enum Alert: Equatable { case confirm }
    }

    var body: some ReducerOf<Self> {
      Scope(state: State.edit, action: Action.edit) { Edit() }
    }
  }

  struct Feature: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row.State> = []
      @PresentationState var destination: Destination.State?
      var path = StackState<Path.State>()
      var confirmed = 0
    }
    enum Action: Equatable {
      case rows(IdentifiedActionOf<Row>)
      case destination(PresentationAction<Destination.Action>)
      case path(StackActionOf<Path>)
      case editTapped, confirmTapped, addRow(Int), replaceRow(Int, String)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .editTapped:
          state.destination = .edit(Edit.State())
          return .none
        case .confirmTapped:
          state.destination = .alert(AlertState { TextState("Sure?") })
          return .send(.destination(.presented(.alert(.confirm))))
        case .destination(.presented(.alert(.confirm))):
          state.confirmed += 1
          return .none
        case .addRow(let id):
          state.rows.append(Row.State(id: id))
          return .none
        case .replaceRow(let id, let title):
          state.rows.updateOrAppend(Row.State(id: id, title: title))
          return .none
        case .rows, .destination, .path:
          return .none
        }
      }
      .forEach(\.rows, action: Action.rows) { Row() }
      .ifLet(\.$destination, action: Action.destination) { Destination() }
      .forEach(\.path, action: Action.path) { Path() }
    }
  }
}

extension MigratingFromTCASpellings {
  @MainActor
  @Suite struct Tests {
    @Test func receivingByElementIDAndThroughAPresentation() async {
      let store = TestStore(initialState: Feature.State(rows: [Row.State(id: 1)])) { Feature() }

      await store.send(.rows(.element(id: 1, action: .load)))
      await store.receive(CasePath(Feature.Action.rows)[id: 1].appending(Row.Action.loaded)) {
        $0.rows[id: 1]?.title = "Row 1"
      }

      await store.send(.path(.push(id: 0, state: .detail(Detail.State())))) {
        $0.path[id: 0] = .detail(Detail.State())
      }
      await store.send(.path(.element(id: 0, action: .detail(.onAppear))))
      await store.receive(CasePath(Feature.Action.path)[id: 0].appending(Path.Action.detail)) {
        $0.path[id: 0] = .detail(Detail.State(isLoaded: true))
      }

      await store.send(.editTapped) { $0.destination = .edit(Edit.State()) }
      await store.send(.destination(.presented(.edit(.nameChanged("Blob"))))) {
        CasePath(Destination.State.edit).modify(&$0.destination) { $0.name = "Blob" }
      }

      await store.send(.confirmTapped) {
        $0.destination = .alert(AlertState { TextState("Sure?") })
      }
      await store.receive(
        CasePath(Feature.Action.destination).appending(Destination.Action.alert)
      ) {
        $0.confirmed = 1
        $0.destination = nil
      }
    }

    @Test func aDuplicateAppendFailsTheTestAndUpdateOrAppendReplaces() async {
      let store = TestStore(initialState: Feature.State(rows: [Row.State(id: 1)])) { Feature() }
      await withKnownIssue {
        await store.send(.addRow(1))
      } matching: { issue in
        issue.description.contains("already in the array")
      }
      await store.send(.replaceRow(1, "New")) { $0.rows[id: 1]?.title = "New" }
    }
  }
}

/// The shared-state section's sample, and its test run.
struct MigratingFromTCASharedSample {
  struct SettingsFeature: Reducer {
    struct State: Equatable {
      @Shared(.appStorage("soundOn")) var soundOn = true
      @Shared(.inMemory("sessionCount")) var sessionCount = 0
    }
    enum Action: Equatable { case toggleSound, sessionStarted }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .toggleSound:
        state.$soundOn.withLock { $0.toggle() }
        return .none
      case .sessionStarted:
        state.$sessionCount.withLock { $0 += 1 }
        return .none
      }
    }
  }

  @MainActor func settingsTest() async {
    let store = TestStore(initialState: SettingsFeature.State()) { SettingsFeature() }
    await store.send(.toggleSound) { $0.$soundOn.withLock { $0 = false } }
    await store.send(.sessionStarted) { $0.$sessionCount.withLock { $0 = 1 } }
  }

  @MainActor @Suite struct Tests {
    @Test func theSettingsTestPasses() async {
      await MigratingFromTCASharedSample().settingsTest()
    }

    @Test func anUnassertedSharedChangeFails() async {
      let store = TestStore(initialState: SettingsFeature.State()) { SettingsFeature() }
      await withKnownIssue {
        await store.send(.toggleSound)
      }
    }
  }
}
