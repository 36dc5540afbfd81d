import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreRuntimeTests {
  func makeCore(
    _ reduce: @escaping (inout [String], String) -> Effect<String>
  ) -> StoreRuntime<[String], String> {
    StoreRuntime(
      initialState: [], reducer: AnyResolvedReducer(reduce: reduce),
      dependencies: DependencyValues())
  }

  @Test func reducesIntoTheStoredState() {
    let core = makeCore { state, action in
      state.append(action)
      return .none
    }
    _ = core.send("a", group: nil)
    #expect(core.state == ["a"])
  }

  @Test func effectsRegisterUnderTheirIDsBeforeSendReturns() {
    let core = makeCore { _, _ in
      .run { _ in try await Task.sleep(for: .seconds(60)) }.cancellable(id: "wait")
    }
    let task = core.send("start", group: nil)
    #expect(core.registry.isRunning(EffectKey(path: [], id: EffectID("wait"))))
    task.cancel()
  }

  @Test func scopedEffectsRegisterUnderTheChildPath() {
    let component = ScopeComponent(id: EffectID("child"), hasLifetime: true)
    let core = makeCore { _, _ in
      Effect<String>.run { _ in try await Task.sleep(for: .seconds(60)) }
        .cancellable(id: "wait")
        .scoped(to: component, locator: .identity)
    }
    let task = core.send("start", group: nil)
    #expect(core.registry.isRunning(EffectKey(path: [component], id: EffectID("wait"))))
    #expect(core.registry.isRunning(EffectKey(path: [component], id: nil)))
    #expect(!core.registry.isRunning(EffectKey(path: [], id: EffectID("wait"))))
    task.cancel()
  }

  @Test func subscribersSeeEveryAction() {
    let core = makeCore { state, action in
      state.append(action)
      return action == "a" ? .send("b") : .none
    }
    let log = Log<[String]>()
    let id = core.subscribe { log.append($0) }
    _ = core.send("a", group: nil)
    core.unsubscriber(for: id)()
    _ = core.send("c", group: nil)
    #expect(log.values == [[], ["a"], ["a", "b"]])
  }
}
