import Foundation
import Testing

@testable import ReducerKit

/// A group's handle and its record in the registry's table.
@Suite struct EffectGroupTests {
  @Test func aGroupsRecordGoesWithItsLastHandle() {
    let registry = EffectRegistry()
    var group: EffectGroup? = registry.makeGroup()
    let token = registry.reserve(keys: [], group: group)!
    #expect(registry.groupCount == 1)
    group = nil
    #expect(registry.groupCount == 1, "kept while its effect runs")
    registry.complete(token)
    #expect(registry.groupCount == 0)
    _ = registry.makeGroup()
    #expect(registry.groupCount == 0, "a handle dropped at once forgets its record at once")
  }

  @Test func aGroupMadeOutsideARegistryForgetsNothing() {
    var group: EffectGroup? = EffectGroup(id: GroupID(token: 1), registry: nil)
    #expect(group?.id == GroupID(token: 1))
    group = nil
    #expect(group == nil)
  }
}
