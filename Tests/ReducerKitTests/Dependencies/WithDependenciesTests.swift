import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@Suite struct WithDependenciesTests {
  @Test func overridesApplyInsideTheOperationOnly() {
    let inside = withDependencies {
      $0.setting = "override"
    } operation: {
      DependencyValues.current.setting
    }
    #expect(inside == "override")
    #expect(DependencyValues.current.setting == "live")
  }

  @Test func asyncOverridesApplyAcrossSuspensions() async {
    let inside = await withDependencies {
      $0.setting = "async"
    } operation: {
      await Task.yield()
      return DependencyValues.current.setting
    }
    #expect(inside == "async")
    #expect(DependencyValues.current.setting == "live")
  }

  @Test func nestedOverridesStartFromTheOuterValues() {
    withDependencies {
      $0.setting = "outer"
      $0.other = 1
    } operation: {
      withDependencies {
        $0.setting = "inner"
      } operation: {
        #expect(DependencyValues.current.setting == "inner")
        #expect(DependencyValues.current.other == 1)
      }
      #expect(DependencyValues.current.setting == "outer")
    }
    #expect(DependencyValues.current.setting == "live")
  }

  @Test func nestedAsyncOverridesRestoreTheOuterValues() async {
    await withDependencies {
      $0.setting = "outer"
    } operation: {
      await withDependencies {
        $0.setting = "inner"
      } operation: {
        await Task.yield()
        #expect(DependencyValues.current.setting == "inner")
      }
      #expect(DependencyValues.current.setting == "outer")
    }
  }

  @Test func anErrorPropagatesAndRestoresTheValues() {
    #expect(throws: OperationError.self) {
      try withDependencies {
        $0.setting = "failing"
      } operation: {
        throw OperationError()
      }
    }
    #expect(throws: OperationError.self) {
      try withDependencies { _ in
        throw OperationError()
      } operation: {
      }
    }
    #expect(DependencyValues.current.setting == "live")
  }

  @Test func tasksCreatedInsideKeepTheOverrides() async {
    let task = withDependencies {
      $0.setting = "task"
    } operation: {
      Task { DependencyValues.current.setting }
    }
    #expect(await task.value == "task")
  }

  @MainActor
  @Test func theAsyncFormRunsOnTheCallersActor() async {
    let counter = OperationMainActorCounter()
    await withDependencies {
      $0.other = 3
    } operation: {
      await Task.yield()
      counter.count += DependencyValues.current.other
    }
    #expect(counter.count == 3)
  }
}

private struct OperationError: Error {}

/// Not `Sendable`: only the main actor may touch it.
@MainActor
private final class OperationMainActorCounter {
  var count = 0
}

private enum SettingKey: DependencyKey {
  static let liveValue = "live"
}

private enum OtherKey: DependencyKey {
  static let liveValue = 0
}

extension DependencyValues {
  fileprivate var setting: String {
    get { self[SettingKey.self] }
    set { self[SettingKey.self] = newValue }
  }

  fileprivate var other: Int {
    get { self[OtherKey.self] }
    set { self[OtherKey.self] = newValue }
  }
}

extension WithDependenciesTests {
  // MARK: Effects built inside withDependencies (issue 11, bug 4)

  struct Reader: Reducer {
    @Dependency(\.setting) var setting
    func reduce(into state: inout [String], action: String) -> Effect<String> {
      switch action {
      case "override":
        return withDependencies {
          $0.setting = "overridden"
        } operation: {
          .run { send in
            await Task.yield()
            await send("effect saw \(setting)")
          }
        }
      case "plain":
        return .run { send in await send("effect saw \(setting)") }
      default:
        state.append(action)
        return .none
      }
    }
  }

  @MainActor
  @Test func effectsBuiltInsideWithDependenciesSeeTheOverride() async {
    let store = Store(initialState: [String]()) { Reader() }
    await store.send("override").finish()
    await store.send("plain").finish()
    #expect(store.state == ["effect saw overridden", "effect saw live"])
  }

  @MainActor
  @Test func theOverrideAppliesOnTopOfTheStoresDependencies() async {
    let store = TestStore(initialState: [String]()) {
      Reader()
    } withDependencies: {
      $0.setting = "store"
      $0.other = 7
    }
    await store.send("plain")
    await store.receive("effect saw store") { $0 = ["effect saw store"] }
    await store.send("override")
    await store.receive("effect saw overridden") { $0.append("effect saw overridden") }
  }

  @Test func aNonEffectResultIsUnchanged() {
    let value: Int = withDependencies {
      $0.other = 3
    } operation: {
      DependencyValues.current.other
    }
    #expect(value == 3)
  }
}

extension WithDependenciesTests {
  // MARK: Actions an overriding effect sends back (issue 39, item 3)

  /// Each `.step` adds one to `other` for the effect it returns; the effect sends back the
  /// value it saw. TCA reduces every action under the store's dependencies, so each effect
  /// sees the store's value plus one, never the sum of the overrides before it.
  struct Adder: Reducer {
    @Dependency(\.other) var other
    func reduce(into state: inout [Int], action: Int) -> Effect<Int> {
      state.append(action)
      guard state.count < 6 else { return .none }
      return withDependencies {
        $0.other += 1
      } operation: {
        .run { [other, count = state.count] send in await send(other * 100 + 10 + count) }
      }
    }
  }

  @MainActor
  @Test func anActionAnOverridingEffectSendsIsReducedUnderTheStoresDependencies() async {
    // A store made with no overrides: the live values.
    let live = Store(initialState: [Int]()) { Adder() }
    await live.send(0).finish()
    #expect(live.state == [0, 111, 112, 113, 114, 115])

    // A store with overrides of its own.
    let overridden = Store(initialState: [Int]()) {
      Adder()
    } withDependencies: {
      $0.other = 4
    }
    await overridden.send(0).finish()
    #expect(overridden.state == [0, 511, 512, 513, 514, 515])

    // The same feature under a TestStore: the same values.
    let test = TestStore(initialState: [Int]()) {
      Adder()
    } withDependencies: {
      $0.other = 4
    }
    await test.send(0) { $0 = [0] }
    for step in 1...5 {
      await test.receive(510 + step) { $0.append(510 + step) }
    }
  }
}
