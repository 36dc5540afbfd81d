import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

private struct QuoteClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension QuoteClient: DependencyKey {
  static let liveValue = QuoteClient { "live \($0)" }
  static let testValue = QuoteClient(fetch: unimplemented("QuoteClient.fetch"))
}

extension DependencyValues {
  fileprivate var unimplementedTestsAPIClient: QuoteClient {
    get { self[QuoteClient.self] }
    set { self[QuoteClient.self] = newValue }
  }
}

private struct Loader: Reducer {
  struct State: Equatable { var title = "" }
  enum Action: Equatable {
    case load
    case loaded(String)
    case failed
  }

  @Dependency(\.unimplementedTestsAPIClient) var apiClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { send in
        await send(.loaded(try await apiClient.fetch(1)))
      } catch: { _, send in
        await send(.failed)
      }
    case .loaded(let title):
      state.title = title
      return .none
    case .failed:
      return .none
    }
  }
}

/// Calls `body` and returns the unimplemented reports whose message names `name`.
private func reports(naming name: String, _ body: () async -> Void) async -> [String] {
  let recorder = WarningRecorder(matching: "Unimplemented: \(name)")
  await body()
  return recorder.messages
}

@Suite struct UnimplementedTests {
  @Test func throwingClosuresReportAndThrow() async {
    let none: @Sendable () throws -> Int = unimplemented("Throwing.none")
    let one: @Sendable (Int) throws -> Int = unimplemented("Throwing.one")
    let two: @Sendable (Int, String) throws -> Int = unimplemented("Throwing.two")
    let three: @Sendable (Int, String, Bool) throws -> Void = unimplemented("Throwing.three")
    let messages = await reports(naming: "Throwing.") {
      #expect(throws: UnimplementedFailure(description: "Throwing.none")) { try none() }
      #expect(throws: UnimplementedFailure(description: "Throwing.one")) { try one(1) }
      #expect(throws: UnimplementedFailure(description: "Throwing.two")) { try two(1, "") }
      #expect(throws: UnimplementedFailure(description: "Throwing.three")) {
        try three(1, "", true)
      }
    }
    #expect(messages.count == 4)
    #expect(messages.first?.hasPrefix("Unimplemented: Throwing.none was called.") == true)
  }

  @Test func closuresTakeAnyNumberOfArguments() async {
    let five: @Sendable (Int, String, Bool, Double, [Int]) throws -> Int = unimplemented(
      "Many.five")
    let six: @Sendable (Int, Int, Int, Int, Int, Int) async -> Int = unimplemented(
      "Many.six", placeholder: 6)
    let messages = await reports(naming: "Many.") {
      #expect(throws: UnimplementedFailure(description: "Many.five")) {
        try five(1, "", true, 1.5, [])
      }
      #expect(await six(1, 2, 3, 4, 5, 6) == 6)
    }
    #expect(messages.count == 2)
  }

  @Test func asyncThrowingClosuresReportAndThrow() async {
    let none: @Sendable () async throws -> Int = unimplemented("AsyncThrowing.none")
    let one: @Sendable (Int) async throws -> String = unimplemented("AsyncThrowing.one")
    let two: @Sendable (Int, String) async throws -> Int = unimplemented("AsyncThrowing.two")
    let three: @Sendable (Int, String, Bool) async throws -> Void = unimplemented(
      "AsyncThrowing.three")
    let messages = await reports(naming: "AsyncThrowing.") {
      await #expect(throws: UnimplementedFailure.self) { try await none() }
      await #expect(throws: UnimplementedFailure.self) { try await one(1) }
      await #expect(throws: UnimplementedFailure.self) { try await two(1, "") }
      await #expect(throws: UnimplementedFailure.self) { try await three(1, "", true) }
    }
    #expect(messages.count == 4)
  }

  @Test func nonThrowingClosuresReportAndReturnThePlaceholder() async {
    let none: @Sendable () -> Bool = unimplemented("Placeholder.none", placeholder: true)
    let one: @Sendable (Int) -> String = unimplemented("Placeholder.one", placeholder: "p")
    let two: @Sendable (Int, Int) -> Int = unimplemented("Placeholder.two", placeholder: 2)
    let three: @Sendable (Int, Int, Int) -> Int = unimplemented(
      "Placeholder.three", placeholder: 3)
    let messages = await reports(naming: "Placeholder.") {
      #expect(none() == true)
      #expect(one(1) == "p")
      #expect(two(1, 1) == 2)
      #expect(three(1, 1, 1) == 3)
    }
    #expect(messages.count == 4)
  }

  @Test func asyncNonThrowingClosuresReportAndReturnThePlaceholder() async {
    let none: @Sendable () async -> Bool = unimplemented("AsyncPlaceholder.none", placeholder: true)
    let one: @Sendable (Int) async -> String = unimplemented(
      "AsyncPlaceholder.one", placeholder: "p")
    let two: @Sendable (Int, Int) async -> Int = unimplemented(
      "AsyncPlaceholder.two", placeholder: 2)
    let three: @Sendable (Int, Int, Int) async -> Int = unimplemented(
      "AsyncPlaceholder.three", placeholder: 3)
    let messages = await reports(naming: "AsyncPlaceholder.") {
      #expect(await none() == true)
      #expect(await one(1) == "p")
      #expect(await two(1, 1) == 2)
      #expect(await three(1, 1, 1) == 3)
    }
    #expect(messages.count == 4)
  }

  @Test func aPlainValueReportsWhenEvaluated() async {
    let messages = await reports(naming: "Settings.apiVersion") {
      let version: Int = unimplemented("Settings.apiVersion", placeholder: 1)
      #expect(version == 1)
    }
    #expect(messages.count == 1)
  }

  @Test func reportsAtThePlaceUnimplementedIsWritten() {
    let line: UInt = #line + 1
    let closure: @Sendable () -> Void = unimplemented("Place.closure", placeholder: ())
    let recorder = WarningRecorder(matching: "Unimplemented: Place.closure")
    closure()
    #expect(recorder.places == ["ReducerKitTests/UnimplementedTests.swift:\(line)"])
  }

  @Test func creatingAClosureReportsNothing() {
    let recorder = WarningRecorder(matching: "Unimplemented: Unused.")
    let _: @Sendable (Int) async throws -> String = unimplemented("Unused.fetch")
    #expect(recorder.messages.isEmpty)
  }

  @MainActor
  @Test func aTestValueCalledUnderATestStoreFailsTheTest() async {
    let messages = Locked<[String]>([])
    await withKnownIssue {
      let store = TestStore(initialState: Loader.State()) { Loader() }
      await store.send(.load)
      await store.receive(.failed)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      messages.withLock { $0.append(text) }
      return text.hasPrefix("Unimplemented: QuoteClient.fetch was called.")
    }
    #expect(messages.withLock { $0.count } == 1)
  }

  @MainActor
  @Test func anOverriddenTestValueDoesNotReport() async {
    let store = TestStore(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.unimplementedTestsAPIClient.fetch = { "Title \($0)" }
    }
    await store.send(.load)
    await store.receive(.loaded("Title 1")) { $0.title = "Title 1" }
  }
}
