import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreTaskTests {
  func makeStore() -> Store<Int, Int> {
    Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += 1
        guard action > 0 else { return .none }
        return .run { send in
          try await Task.sleep(for: .seconds(60))
          await send(0)
        }
      }
    }
  }

  @Test func anActionThatStartsNoEffectIsAlreadyCancelledAndFinished() async {
    let store = makeStore()
    let task = store.send(0)
    #expect(task.isCancelled)
    await task.finish()
  }

  @Test func cancelCancelsTheEffectsBeforeItReturns() async {
    let store = makeStore()
    let task = store.send(1)
    #expect(!task.isCancelled)
    task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    #expect(store.state == 1)
    #expect(store.core.registry.count == 0)
  }

  @Test func cancellingTheTaskThatWaitsCancelsTheEffects() async {
    let store = makeStore()
    let task = store.send(1)
    let waiter = Task { await task.finish() }
    waiter.cancel()
    await waiter.value
    #expect(task.isCancelled)
  }

  @Test func tasksOfDifferentSendsDiffer() {
    let store = makeStore()
    let first = store.send(1)
    let second = store.send(1)
    #expect(first != second)
    #expect(first == first)
    #expect(Set([first, second, first]).count == 2)
    first.cancel()
    second.cancel()
  }

  @Test func finishedSendsLeaveNoGroupRecordBehind() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += 1
        guard action > 0 else { return .none }
        return .merge(.run { send in await send(0) }, .send(0))
      }
    }
    for _ in 0..<50 { await store.send(1).finish() }
    #expect(store.state == 150)
    // Each effect's object (which holds its group) goes once its task has ended.
    #expect(await poll { store.core.registry.groupCount == 0 }, "groups outlived their sends")
  }
}
