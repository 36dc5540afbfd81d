import Foundation
import Testing

@testable import ReducerKit

@Suite struct SharedReferenceTests {
  struct Settings: Equatable, Sendable {
    var volume = 0.5
    var name = "a"
  }

  @Test func derivedReferencesShareTheirRoot() {
    let settings = Shared(value: Settings())
    let volume = settings.volume
    #expect(volume.snapshotRoot === settings.snapshotRoot)
    #expect(settings.reader.volume.snapshotRoot === settings.snapshotRoot)
  }

  @Test func aKeyPathReferenceReadsAndWritesItsPartInAView() {
    let settings = Shared(value: Settings())
    let table = SharedSnapshotTable()
    SharedView.with(.asserting(table)) {
      settings.name.withLock { $0 = "b" }
      #expect(settings.wrappedValue.name == "b")
    }
    #expect(settings.wrappedValue.name == "a")
  }

  @Test func aReadOnlyReferenceFollowsItsBase() {
    let settings = Shared(value: Settings())
    let name = settings.reader.name
    settings.withLock { $0.name = "c" }
    #expect(name.wrappedValue == "c")
  }
}
