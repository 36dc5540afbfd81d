import Foundation
import Testing

@testable import ReducerKit

/// A key's load, subscription and saves, as a root drives them.
@Suite struct KeyPersistenceTests {
  @Test func theFirstReferenceLoadsWithItsDefaultAndIsLoadingUntilResumed() {
    let key = ManualKey("persistence.load")
    @Shared(key) var value = 5
    #expect($value.isLoading)
    let continuation = key.state.withLock { $0.loadContinuations.removeFirst() }
    continuation.resume(returning: 8)
    #expect(!$value.isLoading)
    #expect(value == 8)
  }

  @Test func aFailedLoadKeepsTheValueAndSetsLoadError() {
    let key = ManualKey("persistence.loadError")
    @Shared(key) var value = 5
    key.state.withLock { $0.loadContinuations.removeFirst() }.resume(throwing: SharingTestError())
    #expect(value == 5)
    #expect($value.loadError is SharingTestError)
  }

  @Test func aChangeIsSavedAndAChangeFromOutsideIsTakenWithoutSavingIt() {
    let key = ManualKey("persistence.save")
    @Shared(key) var value = 0
    key.state.withLock { $0.loadContinuations.removeFirst() }.resumeReturningInitialValue()
    $value.withLock { $0 = 3 }
    #expect(key.state.withLock { $0.saves.map(\.0) } == [3])
    #expect(key.state.withLock { $0.saves.map(\.1) } == [.didSet])
    key.state.withLock { $0.subscriber }?.yield(9)
    #expect(value == 9)
    #expect(key.state.withLock { $0.saves.count } == 1)
    key.state.withLock { $0.subscriber }?.yieldReturningInitialValue()
    #expect(value == 0)
  }

  @Test func aFailedSaveKeepsTheValueSetsSaveErrorWarnsAndIsTriedAgain() {
    let key = ManualKey("persistence.saveError")
    @Shared(key) var value = 0
    key.state.withLock { $0.loadContinuations.removeFirst() }.resumeReturningInitialValue()
    key.state.withLock { $0.failSaves = SharingTestError() }
    let warnings = sharingWarnings(containing: "Saving") { $value.withLock { $0 = 1 } }
    #expect(warnings.count == 1)
    #expect(value == 1)
    #expect($value.saveError is SharingTestError)
    key.state.withLock { $0.failSaves = nil }
    $value.withLock { $0 = 2 }
    #expect($value.saveError == nil)
    #expect(key.state.withLock { $0.saves.map(\.0) } == [1, 2])
  }

  @Test func userInitiatedLoadAndSaveWaitForTheKey() async throws {
    let key = ManualKey("persistence.userInitiated")
    @Shared(key) var value = 0
    key.state.withLock { $0.loadContinuations.removeFirst() }.resumeReturningInitialValue()
    let shared = $value
    async let loading: Void = shared.load()
    while key.state.withLock({ $0.loadContinuations.isEmpty }) { await Task.yield() }
    key.state.withLock { $0.loadContinuations.removeFirst() }.resume(returning: 6)
    try await loading
    #expect(value == 6)
    try await $value.save()
    #expect(key.state.withLock { $0.saves.last?.1 } == .userInitiated)
    key.state.withLock { $0.failSaves = SharingTestError() }
    await #expect(throws: SharingTestError.self) { try await $value.save() }
  }

  @Test func aReaderKeyNeverSaves() {
    let key = ManualKey("persistence.reader")
    @SharedReader(key) var value = 0
    key.state.withLock { $0.loadContinuations.removeFirst() }.resume(returning: 1)
    #expect(value == 1)
    #expect(key.state.withLock { $0.saves.isEmpty })
  }
}
