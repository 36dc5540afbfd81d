import Foundation
import Testing

/// TCA's case key path spellings fail to compile with a message that shows ReducerKit's
/// (issue 39, item 9). Compile-time behaviour, so the test type-checks a file against the
/// modules this test bundle was built with, with the toolchain's `swiftc`.
@Suite struct CaseKeyPathTests {
  static let source = #"""
    import ReducerKit
    import ReducerKitTesting

    struct Child: Reducer {
      struct State: Equatable, Identifiable { var id = 0 }
      enum Action: Equatable { case tap }
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    struct Parent: Reducer {
      struct State: Equatable {
        var search = Child.State()
        var rows: IdentifiedArrayOf<Child.State> = []
        var child: Child.State?
        @PresentationState var alert: AlertState<Never>?
      }
      enum Action: Equatable {
        case search(Child.Action), rows(IdentifiedActionOf<Child>), child(Child.Action)
        case alert(PresentationAction<Never>)
      }
      var body: some ReducerOf<Self> {
        Scope(state: \.search, action: \.search) { Child() }  // LINE:scope
        EmptyReducer()
          .ifLet(\.child, action: \.child) { Child() }  // LINE:ifLet
          .forEach(\.rows, action: \.rows) { Child() }  // LINE:forEach
          .ifLet(\.$alert, action: \.alert)  // LINE:alert
      }
    }
    struct Destination: Reducer {
      enum State: Equatable { case add(Child.State) }
      enum Action: Equatable { case add(Child.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.add, action: \.add) { Child() }  // LINE:enumScope
        EmptyReducer().ifCaseLet(\.add, action: \.add) { Child() }  // LINE:ifCaseLet
      }
    }
    @MainActor func use(_ store: Store<Parent.State, Parent.Action>) {
      _ = store.scope(state: \.search, action: \.search)  // LINE:storeScope
    }
    @MainActor func use(_ store: TestStore<Parent.State, Parent.Action>) async {
      await store.receive(\.search)  // LINE:receive
      await store.receive(\.rows[id: 0].tap)  // LINE:receiveRow
    }

    // ReducerKit's spellings, in the same file: no ambiguity with the overloads above.
    struct Fine: Reducer {
      typealias State = Parent.State
      typealias Action = Parent.Action
      var body: some ReducerOf<Self> {
        Scope(state: \.search, action: Action.search) { Child() }
        EmptyReducer()
          .ifLet(\.child, action: Action.child) { Child() }
          .forEach(\.rows, action: Action.rows) { Child() }
          .ifLet(\.$alert, action: Action.alert)
      }
    }
    """#

  @Test func tcasCaseKeyPathsShowReducerKitsSpelling() throws {
    let diagnostics = try typeCheck(Self.source)
    let lines = Self.source.split(separator: "\n", omittingEmptySubsequences: false)
    func errors(at marker: String) -> [String] {
      guard let index = lines.firstIndex(where: { $0.contains("// LINE:\(marker)") }) else {
        return []
      }
      return diagnostics.filter { $0.contains("source.swift:\(index + 1):") }
    }
    for marker in [
      "scope", "ifLet", "forEach", "alert", "enumScope", "ifCaseLet", "storeScope", "receive",
      "receiveRow",
    ] {
      let found = errors(at: marker)
      #expect(
        found.contains { $0.contains("is unavailable: ReducerKit takes the enum case") },
        "\(marker): \(found)")
    }
    #expect(errors(at: "scope").first?.contains("'action: Action.search'") == true)
    #expect(errors(at: "enumScope").first?.contains("'Scope(state: State.add") == true)
    // Nothing else is an error: the ReducerKit spellings type-check.
    let unexplained = diagnostics.filter { !$0.contains("is unavailable: ReducerKit takes") }
    #expect(unexplained.isEmpty, "\(unexplained)")
  }

  /// The `error:` lines `swiftc -typecheck` prints for `source`, against this bundle's modules.
  private func typeCheck(_ source: String) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("CaseKeyPathTests-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("source.swift")
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
      "swiftc", "-typecheck", "-I", buildFolder.appendingPathComponent("Modules").path, file.path,
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
