import Foundation
import Testing

@testable import ReducerKit

@Suite("EphemeralState")
struct EphemeralStateTests {
  @Test("every new identity differs from the others, and a copy keeps its identity")
  func identitiesAreUnique() {
    let identities = (0..<1_000).map { _ in EphemeralIdentity() }
    #expect(Set(identities).count == 1_000)
    let copy = identities[7]
    #expect(copy == identities[7])
  }

  @Test("identities made on many threads at once are still unique")
  func identitiesAreUniqueAcrossThreads() async {
    let identities = await withTaskGroup(of: [EphemeralIdentity].self) { group in
      for _ in 0..<8 {
        group.addTask { (0..<500).map { _ in EphemeralIdentity() } }
      }
      var all: [EphemeralIdentity] = []
      for await part in group { all += part }
      return all
    }
    #expect(Set(identities).count == 4_000)
  }
}
