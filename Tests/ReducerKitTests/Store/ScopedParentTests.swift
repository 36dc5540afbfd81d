import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct ScopedParentTests {
  @Test func aChildOfTheRootReadsItsStateInTheRootsMemory() throws {
    let parent = Store(initialState: ScopedStoreCoreTests.Parent.State()) {
      ScopedStoreCoreTests.Parent()
    }
    let address = try #require(parent.runtime).stateAddress
    let child = OptionalStoreCore(
      parent: parent, initialState: Counter.State(), toOptionalState: { $0.counter },
      fromAction: ScopedStoreCoreTests.Parent.Action.counter)
    // The root's memory, changed in place by a send, at the same address.
    _ = parent.send(.counter(.increment))
    #expect(try #require(parent.runtime).stateAddress == address)
    #expect(address[as: ScopedStoreCoreTests.Parent.State.self].counter.count == 1)
    var read = -1
    #expect(
      child.withCurrentState { read = $0[as: Counter.State.self].count }
    )
    #expect(read == 1)
    // A grandchild, whose parent is not the root, finds it through the parent's core.
    let childStore = Store(core: child)
    let grandchild = ScopedStoreCore(
      parent: childStore, toState: { $0.count }, fromAction: { $0 })
    #expect(grandchild.state == 1)
  }
}
