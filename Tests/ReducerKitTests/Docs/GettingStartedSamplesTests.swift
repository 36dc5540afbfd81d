import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/GettingStarted.md, copied verbatim (`.ci/doc-samples` checks that
// each one is here), compiled, and run. The package manifest excerpt is marked partial in the
// article: a manifest cannot compile in a test (it was checked by building a package with it).

/// The first `Counter`, which implements `reduce(into:action:)`.
enum GettingStartedSample1 {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment, decrement }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      return .none
    }
  }
}

/// The samples from the `body` version of `Counter` on; the suite is their namespace, and its
/// `print` records what they print.
@MainActor
@Suite struct GettingStartedSamplesTests {
  /// What the samples printed.
  let printed = Log<String>()

  /// Records what a sample prints instead of writing it to standard output.
  func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.append(items.map { "\($0)" }.joined(separator: separator))
  }

  // MARK: - 2. Write a reducer

  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment, decrement }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        }
        return .none
      }
    }
  }

  @Test func bothCountersCount() async {
    let first = TestStore(initialState: GettingStartedSample1.Counter.State()) {
      GettingStartedSample1.Counter()
    }
    await first.send(.increment) { $0.count = 1 }
    await first.send(.decrement) { $0.count = 0 }
    let second = TestStore(initialState: Counter.State()) { Counter() }
    await second.send(.increment) { $0.count = 1 }
    await second.send(.decrement) { $0.count = 0 }
  }

  // MARK: - 3. Run it in a store

  @MainActor func run() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    print(store.count)  // 1 — `store.state.count`, through dynamic member lookup
    print(store.withState(\.count))
  }

  @Test func runPrintsTheCountTwice() {
    run()
    #expect(printed.values == ["1", "1"])
  }

  // MARK: - 4. Compose features

  struct App: Reducer {
    struct State { var counter = Counter.State(); var launches = 0 }
    enum Action { case counter(Counter.Action), launched }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
      Reduce { state, action in
        if case .launched = action { state.launches += 1 }
        return .none
      }
    }
  }

  @Test func theChildStoreReachesTheAppStore() {
    let appStore = Store(initialState: App.State()) { App() }
    let counterStore = appStore.scope(state: \.counter, action: App.Action.counter)
    counterStore.send(.increment)  // reaches the app store as .counter(.increment)
    #expect(appStore.counter.count == 1)
    #expect(counterStore.count == 1)
    appStore.send(.launched)
    #expect(appStore.launches == 1)
  }

  @Test func pullAndCasePathAreTheSameAsScope() {
    struct Pulled: Reducer {
      var body: some ReducerOf<App> {
        Counter().pull(state: \App.State.counter, action: App.Action.counter)
        Scope(state: \.counter, action: CasePath(App.Action.counter)) { Counter() }
      }
    }
    let store = Store(initialState: App.State()) { Pulled() }
    store.send(.counter(.increment))
    #expect(store.counter.count == 2)
  }
}

// MARK: - 6. Features in a library target

/// The public `Timer`, as a library target declares it.
enum GettingStartedSample6 {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public struct Timer: Reducer, Sendable {
    public struct State: Equatable {
      public var seconds = 0
      public init() {}
    }
    public enum Action: Equatable { case startTapped, tick }

    @Dependency(\.continuousClock) var clock

    public init() {}

    public var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .startTapped:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        case .tick:
          state.seconds += 1
          return .none
        }
      }
    }
  }
}

extension GettingStartedSample6 {
  @Suite struct Tests {
    @MainActor
    @Test func theTimerTicks() async {
      let clock = TestClock()
      let store = TestStore(initialState: Timer.State()) {
        Timer()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startTapped)
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.seconds = 1 }
    }

    /// The sample's reducer three times in one library module: public without `Sendable` (the
    /// article's error), public with it, and internal without it (inferred `Sendable`).
    static let library = [
      "public struct Timer: Reducer {", "public struct Fixed: Reducer, Sendable {",
      "struct Internal: Reducer {",
    ]
    .map { declaration in
      """
      \(declaration)
        public struct State: Equatable { public var seconds = 0 }
        public enum Action: Equatable { case startTapped, tick }
        @Dependency(\\.continuousClock) var clock
        public var body: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .startTapped:
              return .run { send in
                try await clock.sleep(for: .seconds(1))
                await send(.tick)
              }
            case .tick:
              state.seconds += 1
              return .none
            }
          }
        }
      }
      """
    }
    .joined(separator: "\n")

    @Test func aPublicReducerMustDeclareSendable() throws {
      let errors = try typeCheckLibrary("import ReducerKit\n" + Self.library)
      // One error, in the article's words, naming the first reducer: the other two compile.
      #expect(errors.count == 1, "\(errors)")
      #expect(
        errors.first?.contains(
          "error: capture of 'self' with non-Sendable type 'Timer' in a '@Sendable' closure")
          == true, "\(errors)")
    }

    /// The `error:` lines of `swiftc -typecheck` for `source` as a library module in the Swift 6
    /// language mode, against the modules this test bundle was built with.
    private func typeCheckLibrary(_ source: String) throws -> [String] {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("GettingStartedSamplesTests-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = directory.appendingPathComponent("Features.swift")
      try source.write(to: file, atomically: true, encoding: .utf8)
      // The test bundle sits next to the `Modules` folder of the build it belongs to.
      let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      var buildFolder = executable.deletingLastPathComponent()
      let modules = { (folder: URL) in folder.appendingPathComponent("Modules").path }
      while !FileManager.default.fileExists(atPath: modules(buildFolder)),
        buildFolder.pathComponents.count > 1
      {
        buildFolder.deleteLastPathComponent()
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library", "-module-name",
        "Features", "-I", modules(buildFolder), file.path,
      ]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
        .split(separator: "\n")
        .map(String.init)
        .filter { $0.contains(": error: ") }
    }
  }
}
