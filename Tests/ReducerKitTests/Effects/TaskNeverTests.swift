import Foundation
import ReducerKit
import Testing

@Suite struct TaskNeverTests {
  @Test func suspendsUntilCancelledThenThrowsCancellationError() async {
    let ended = Locked(false)
    let task = Task {
      defer { ended.withLock { $0 = true } }
      try await Task.never()
    }
    for _ in 0..<100 { await Task.yield() }
    #expect(!ended.withLock { $0 })
    task.cancel()
    await expectCancellationError(task)
    #expect(ended.withLock { $0 })
  }

  @Test func anAlreadyCancelledTaskThrowsAtOnce() async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await Task.never()
    }
    await expectCancellationError(task)
  }

  @Test func cancellingRightAfterStartingNeverLosesTheWakeUp() async {
    // Cancellation races the continuation being installed; each task must still end.
    let tasks = (0..<200).map { _ in Task { try await Task.never() } }
    for task in tasks { task.cancel() }
    for task in tasks {
      await expectCancellationError(task)
    }
  }

  @MainActor
  @Test func keepsAnEffectAliveUntilItIsCancelled() async {
    struct Connection: Reducer {
      enum Action: Equatable { case connect, disconnect }
      func reduce(into state: inout Bool, action: Action) -> Effect<Action> {
        switch action {
        case .connect:
          state = true
          return .run { _ in try await Task.never() }.cancellable(id: "connection")
        case .disconnect:
          state = false
          return .cancel(id: "connection")
        }
      }
    }
    let store = Store(initialState: false) { Connection() }
    let connection = store.send(.connect)
    for _ in 0..<100 { await Task.yield() }
    #expect(!connection.isFinished)
    store.send(.disconnect)
    #expect(connection.isCancelled)
    await connection.finish()
    #expect(connection.isFinished)
  }

  /// Checks that `task` ended by throwing `CancellationError`.
  func expectCancellationError<Success>(
    _ task: Task<Success, any Error>, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    switch await task.result {
    case .success: Issue.record("the task returned", sourceLocation: sourceLocation)
    case .failure(let error): #expect(error is CancellationError, sourceLocation: sourceLocation)
    }
  }
}
