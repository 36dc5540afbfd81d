import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/SharedState.md, copied verbatim (`.ci/doc-samples` checks that each
// one is here), compiled, and run where they can be.

enum SharedStateSample {
  struct Stats: Equatable, Sendable {
    var count = 0
  }

  struct Settings: Reducer {
    struct State: Equatable {
      @Shared(.appStorage("hapticsEnabled")) var hapticsEnabled = true
      @Shared(.inMemory("stats")) var stats = Stats()
    }
    enum Action { case toggleHaptics, refresh }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .toggleHaptics:
        state.$hapticsEnabled.withLock { $0.toggle() }
        return .none
      case .refresh:
        return .run { [stats = state.$stats] _ in
          stats.withLock { $0.count += 1 }
        }
      }
    }
  }
}

// MARK: - Strategies

extension SharedStateSample {
  struct Todo: Codable, Equatable, Identifiable, Sendable {
    let id: Int
    var title: String
  }

  struct TodoList: Reducer {
    struct State: Equatable {
      @Shared(.fileStorage(.todosFile)) var todos: IdentifiedArrayOf<Todo> = []
    }
    enum Action { case add(Todo), rename(id: Int, title: String) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let todo):
        state.$todos.withLock { _ = $0.append(todo) }
      case .rename(let id, let title):
        state.$todos[id: id]?.withLock { $0.title = title }
      }
      return .none
    }
  }
}

extension URL {
  static let todosFile = URL.temporaryDirectory.appending(component: "todos.json")
}

// MARK: - Derived shared state

extension SharedStateSample {
  struct DerivedSample {
    struct Profile: Equatable, Sendable {
      var name = ""
      var nickname: String?
    }

    func derived(profile: Shared<Profile>, todos: Shared<IdentifiedArrayOf<Todo>>) {
      let name: Shared<String> = profile.name
      name.withLock { $0 = "Blob" }
      if let nickname = Shared(profile.nickname) {
        nickname.withLock { $0 += " Jr." }
      }
      todos[id: 1]?.withLock { $0.title = "Milk" }
      let readOnly: SharedReader<Profile> = profile.reader
      print(readOnly.wrappedValue.name)
    }
  }
}

// MARK: - Testing

extension SharedStateSample {
  @MainActor @Suite struct SampleTests {
    @Test func togglingHaptics() async {
      let store = TestStore(initialState: Settings.State()) { Settings() }
      await store.send(.toggleHaptics) {
        $0.$hapticsEnabled.withLock { $0 = false }
      }
    }

    @Test func refreshing() async {
      let store = TestStore(initialState: Settings.State()) { Settings() }
      await store.send(.refresh).finish()
      store.assert {
        $0.$stats.withLock { $0.count = 1 }
      }
    }

    @Test func theListKeepsItsTodos() async {
      let store = TestStore(initialState: TodoList.State()) { TodoList() }
      await store.send(.add(Todo(id: 1, title: "Milk"))) {
        $0.$todos.withLock { _ = $0.append(Todo(id: 1, title: "Milk")) }
      }
      await store.send(.rename(id: 1, title: "Oat milk")) {
        $0.$todos.withLock { $0[id: 1]?.title = "Oat milk" }
      }
    }

    @Test func derivedReferencesWriteThrough() {
      let profile = Shared(value: DerivedSample.Profile(nickname: "B"))
      let todos = Shared(value: IdentifiedArrayOf<Todo>(uniqueElements: [Todo(id: 1, title: "")]))
      DerivedSample().derived(profile: profile, todos: todos)
      #expect(profile.wrappedValue.name == "Blob")
      #expect(profile.wrappedValue.nickname == "B Jr.")
      #expect(todos.wrappedValue[id: 1]?.title == "Milk")
    }

    @Test func aDirectoryKeyKeepsEachTextInAFile() throws {
      let folder = URL.temporaryDirectory.appending(component: "reducerkit-notes-\(UUID())")
      defer { try? FileManager.default.removeItem(at: folder) }
      do {
        @Shared(.directory(folder)) var notes: [String: String] = [:]
        $notes.withLock { $0["a.txt"] = "hello" }
      }
      #expect(
        try String(contentsOf: folder.appending(component: "a.txt"), encoding: .utf8) == "hello")
      @Shared(.directory(folder)) var again: [String: String] = [:]
      #expect(again == ["a.txt": "hello"])
    }
  }
}

// MARK: - Your own strategy

struct DirectoryKey: SharedKey {
  let directory: URL
  var id: URL { directory }

  func load(
    context: LoadContext<[String: String]>, continuation: LoadContinuation<[String: String]>
  ) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
      continuation.resumeReturningInitialValue()
      return
    }
    continuation.resume(
      with: Result {
        var files: [String: String] = [:]
        for name in names {
          files[name] = try String(
            contentsOf: directory.appending(component: name), encoding: .utf8)
        }
        return files
      })
  }

  func subscribe(
    context: LoadContext<[String: String]>, subscriber: SharedSubscriber<[String: String]>
  ) -> SharedSubscription {
    SharedSubscription {}
  }

  func save(_ value: [String: String], context: SaveContext, continuation: SaveContinuation) {
    continuation.resume(
      with: Result {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in value {
          try text.write(
            to: directory.appending(component: name), atomically: true, encoding: .utf8)
        }
      })
  }
}

extension SharedReaderKey where Self == DirectoryKey {
  static func directory(_ url: URL) -> Self { DirectoryKey(directory: url) }
}

extension SharedStateSample {
  struct Notes: Reducer {
    struct State: Equatable {
      @Shared(.directory(URL.temporaryDirectory.appending(component: "notes")))
      var notes: [String: String] = [:]
    }
    enum Action { case write(name: String, text: String) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .write(let name, let text):
        state.$notes.withLock { $0[name] = text }
        return .none
      }
    }
  }
}
