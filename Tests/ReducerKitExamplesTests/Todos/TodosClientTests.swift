import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@Suite struct TodosClientTests {
  @Test func theLiveClientReturnsTheBuiltInListAfterADelayOnTheClock() async throws {
    let clock = TestClock()
    let task = Task {
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        try await TodosClient.liveValue.fetch()
      }
    }
    await clock.advance(by: .milliseconds(300))
    let todos = try await task.value
    #expect(todos == TodosClient.builtInTodos)
    #expect(Set(todos.map(\.id)).count == todos.count)
  }

  @Test func theLiveClientStopsWhenCancelled() async {
    let clock = TestClock()
    let task = Task {
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        try await TodosClient.liveValue.fetch()
      }
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
  // The test value (unimplemented) is covered by TodosTests, under a TestStore.
}
