import Foundation
import Testing

@testable import ReducerKit

@Suite struct EffectRegistryTests {
  let key = EffectKey(path: [], id: EffectID("k"))

  @Test func reservedEffectsAreCountedUntilCompleted() {
    let registry = EffectRegistry()
    let group = registry.makeGroup()
    let token = registry.reserve(keys: [key], group: group)!
    #expect(registry.count == 1)
    #expect(registry.isRunning(key))
    #expect(!registry.isCancelled(group))
    registry.complete(token)
    #expect(registry.count == 0)
    #expect(!registry.isRunning(key))
  }

  @Test func aCancelBeforeTheTaskIsAttachedCancelsItOnAttach() async {
    let registry = EffectRegistry()
    let token = registry.reserve(keys: [key], group: nil)!
    registry.cancel(key)
    let task = Task<Void, Never> {
      while !Task.isCancelled { await Task.yield() }
    }
    registry.attach(task, to: token)
    await task.value
    #expect(task.isCancelled)
  }

  @Test func cancellingAnUnknownKeyIsANoOp() {
    let registry = EffectRegistry()
    registry.cancel(key)
    #expect(registry.count == 0)
  }

  @Test func aClosedRegistryRefusesNewEffects() {
    let registry = EffectRegistry()
    registry.close()
    #expect(registry.reserve(keys: [], group: nil) == nil)
  }

  @Test func waitingReturnsWhenTheGroupIsEmpty() async {
    let registry = EffectRegistry()
    let group = registry.makeGroup()
    let token = registry.reserve(keys: [], group: group)!
    let waiter = Task { await registry.wait(for: group) }
    registry.complete(token)
    await waiter.value
    #expect(registry.count == 0)
  }

  @Test func aGroupThatStartedNothingCountsAsCancelled() {
    let registry = EffectRegistry()
    #expect(registry.isCancelled(registry.makeGroup()))
  }

  @Test func anEffectsStatusKeepsItsCancellationAfterItEnds() {
    let registry = EffectRegistry()
    let cancelled = EffectStatus(token: registry.reserve(keys: [key], group: nil)!)
    let other = EffectKey(path: [], id: EffectID("other"))
    let finished = EffectStatus(token: registry.reserve(keys: [other], group: nil)!)
    #expect(!registry.isCancelled(cancelled))
    registry.cancel(key)
    #expect(registry.isCancelled(cancelled))
    registry.complete(cancelled.token, status: cancelled)
    registry.complete(finished.token, status: finished)
    #expect(registry.isCancelled(cancelled), "cancelled before it ended: still cancelled")
    #expect(!registry.isCancelled(finished), "ended without a cancellation")
  }
}
