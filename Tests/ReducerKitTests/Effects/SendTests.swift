import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct SendTests {
  @Test func deliversActions() {
    let log = Log<Int>()
    let send = Send<Int> { log.append($0) }
    send(1)
    send(2)
    #expect(log.values == [1, 2])
  }

  @Test func dropsActionsFromACancelledTask() async {
    let log = Log<Int>()
    let send = Send<Int> { log.append($0) }
    let task = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      send(1)
    }
    await task.value
    #expect(log.values.isEmpty)
  }

  @Test func mapEmbedsChildActions() {
    let log = Log<String>()
    let send = Send<String> { log.append($0) }
    let child: Send<Int> = send.map { "child \($0)" }
    child(3)
    #expect(log.values == ["child 3"])
  }
}

/// A `Send` kept after its effect ended (issue 12, item 8).
@MainActor
@Suite struct EscapedSendTests {
  /// A feature whose effect hands its `Send` to `escaped`, then waits until cancelled.
  func makeStore(escaped: AsyncStream<Send<String>>.Continuation) -> Store<[String], String> {
    Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        switch action {
        case "start":
          return .run { send in
            escaped.yield(send)
            try await Task.never()
          }
          .cancellable(id: "escape")
        case "stop":
          return .cancel(id: "escape")
        default:
          state.append(action)
          return .none
        }
      }
    }
  }

  @Test func anEscapedSendDropsWhatItSendsAfterTheEffectWasCancelled() async throws {
    let (sends, escaped) = AsyncStream<Send<String>>.makeStream()
    let store = makeStore(escaped: escaped)
    let task = store.send("start")
    var iterator = sends.makeAsyncIterator()
    let send = try #require(await iterator.next())
    send("while running")
    #expect(store.state == ["while running"])

    store.send("stop")
    await task.finish()
    let recorder = WarningRecorder(matching: "after cancellation marker")
    send("after cancellation marker")
    #expect(store.state == ["while running"])
    #if DEBUG
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("after the effect was cancelled") == true)
    #endif
  }

  /// A child's `Send` (made by `map`, as `Effect.map` and `Scope` do) checks its effect's
  /// status as well.
  @Test func anEscapedMappedSendDropsWhatItSendsAfterTheEffectWasCancelled() async throws {
    let (sends, escaped) = AsyncStream<Send<Int>>.makeStream()
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        switch action {
        case "start":
          return Effect<Int>.run { send in
            escaped.yield(send)
            try await Task.never()
          }
          .cancellable(id: "escape")
          .map { "child \($0)" }
        case "stop":
          return .cancel(id: "escape")
        default:
          state.append(action)
          return .none
        }
      }
    }
    let task = store.send("start")
    var iterator = sends.makeAsyncIterator()
    let send = try #require(await iterator.next())
    send(1)
    #expect(store.state == ["child 1"])

    store.send("stop")
    await task.finish()
    let recorder = WarningRecorder(matching: "child 2")
    send(2)
    #expect(store.state == ["child 1"])
    #if DEBUG
    #expect(recorder.messages.count == 1)
    #endif
  }

  @Test func anEscapedSendOfAnEffectCancelledByItsTaskDropsToo() async throws {
    let (sends, escaped) = AsyncStream<Send<String>>.makeStream()
    let store = makeStore(escaped: escaped)
    let task = store.send("start")
    var iterator = sends.makeAsyncIterator()
    let send = try #require(await iterator.next())
    task.cancel()
    await task.finish()
    let recorder = WarningRecorder(matching: "task cancelled marker")
    send("task cancelled marker")
    #expect(store.state.isEmpty)
    _ = recorder
  }
}
