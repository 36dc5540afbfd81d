import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct DependencyModifierTests {
  struct Reader: Reducer {
    @Dependency(\.uuid) var uuid
    func reduce(into state: inout [String], action: Bool) -> Effect<Bool> {
      state.append(uuid().uuidString)
      // The effect starts after the reducer returned, and sees the same override.
      guard action else { return .none }
      return .run { send in
        // Read inside the effect's task: sends `false` when the override reached it.
        @Dependency(\.uuid) var uuid
        await send(!uuid().uuidString.hasPrefix("00000000-0000-0000-0000-00000000000"))
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var child: [String] = []
      var parent: [String] = []
    }
    enum Action: Equatable { case child(Bool), parent }
    @Dependency(\.uuid) var uuid
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: Action.child) {
        Reader().dependency(\.uuid, .incrementing)
      }
      Reduce { state, action in
        if case .parent = action { state.parent.append(uuid().uuidString) }
        return .none
      }
    }
  }

  @Test func overridesOnlyTheChild() async {
    let fixed = UUIDGenerator.constant(UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")!)
    let store = Store(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.uuid = fixed
    }
    store.send(.child(false))
    store.send(.parent)
    #expect(store.state.child == ["00000000-0000-0000-0000-000000000000"])
    #expect(store.state.parent == ["DEADBEEF-0000-0000-0000-000000000000"])
  }

  @Test func effectsOfTheChildSeeTheOverride() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.child(true)) { $0.child = ["00000000-0000-0000-0000-000000000000"] }
    await store.receive(.child(false)) {
      $0.child.append("00000000-0000-0000-0000-000000000002")
    }
    await store.finish()
  }
}
