// Only the testing module is imported here: it must give the library's types too.
import ReducerKitTesting
import Testing

@MainActor
@Suite struct ExportsTests {
  struct Detail: Reducer {
    struct State: Equatable { var title = "" }
    enum Action: Equatable { case rename(String) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .rename(let title) = action { state.title = title }
      return .none
    }
  }

  struct App: Reducer {
    struct State: Equatable { var path = StackState<Detail.State>() }
    enum Action: Equatable { case path(StackActionOf<Detail>) }
    var body: some ReducerOf<Self> {
      EmptyReducer().forEach(\.path, action: Action.path) { Detail() }
    }
  }

  @Test func theLibraryComesWithTheTestingModule() async {
    let store = TestStore(initialState: App.State()) { App() }
    await store.send(.path(.push(id: 0, state: Detail.State()))) {
      $0.path[id: 0] = Detail.State()
    }
    await store.send(.path(.element(id: 0, action: .rename("A")))) {
      $0.path[id: 0]?.title = "A"
    }
    let rename = CasePath(App.Action.path)[id: 0]
    #expect(rename.extract(from: .path(.element(id: 0, action: .rename("B")))) == .rename("B"))
  }
}
