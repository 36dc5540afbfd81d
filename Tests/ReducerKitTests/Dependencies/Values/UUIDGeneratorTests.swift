import Foundation
import Testing

@testable import ReducerKit

@Suite struct UUIDGeneratorTests {
  @Test func incrementingCountsFromZero() {
    let uuid = UUIDGenerator.incrementing
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func incrementingCountsInTheLastDigits() {
    let uuid = UUIDGenerator.incrementing
    for _ in 0..<0x100 { _ = uuid() }
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000100")
  }

  @Test func eachIncrementingGeneratorHasItsOwnCounter() {
    let first = UUIDGenerator.incrementing
    let second = UUIDGenerator.incrementing
    _ = first()
    _ = first()
    #expect(second().uuidString == "00000000-0000-0000-0000-000000000000")
    let copy = first
    #expect(copy().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func incrementingIsSafeFromManyTasks() async {
    let uuid = UUIDGenerator.incrementing
    let generated = await withTaskGroup(of: UUID.self) { group in
      for _ in 0..<200 { group.addTask { uuid() } }
      return await group.reduce(into: Set<UUID>()) { $0.insert($1) }
    }
    #expect(generated.count == 200)
    #expect(uuid().uuidString == "00000000-0000-0000-0000-0000000000C8")
  }

  @Test func uuidOfNIsTheNthIncrementingValue() {
    let uuid = UUIDGenerator.incrementing
    for n in 0..<300 {
      #expect(uuid() == UUID(n), "UUID(\(n))")
    }
  }

  @Test func uuidOfNWritesNInHexadecimalInTheLastDigits() {
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
    #expect(UUID(0x1234_5678_9ABC).uuidString == "00000000-0000-0000-0000-123456789ABC")
    #expect(UUID(Int.max).uuidString == "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
  }

  @Test func aNegativeNIsReportedAndUsesItsBitPattern() async {
    let messages = await warnings(containing: "UUID(-1)") {
      #expect(UUID(-1).uuidString == "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
    }
    #expect(messages.count == 1)
  }

  @Test func aConstantGeneratorAlwaysReturnsItsUUID() {
    let value = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let uuid = UUIDGenerator.constant(value)
    #expect(uuid() == value)
    #expect(uuid() == value)
  }

  @Test func theLiveGeneratorMakesRandomUUIDs() {
    let uuid = DependencyValues().uuid
    #expect(uuid() != uuid())
  }

  @Test func anOverrideIsSeenThroughTheDependency() {
    let reader = UUIDReader()
    let ids = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      [reader.uuid(), reader.uuid()]
    }
    #expect(
      ids.map(\.uuidString) == [
        "00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001",
      ])
  }

  @Test func theTestGeneratorReportsWhenUsed() async {
    let messages = await warnings(containing: #"@Dependency(\.uuid)"#) {
      var values = DependencyValues()
      values.context = .test
      let uuid = values.uuid
      _ = uuid()
      _ = uuid()
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Unimplemented") == true)
  }
}

private struct UUIDReader {
  @Dependency(\.uuid) var uuid
}

/// The messages of the warnings containing `marker` reported by this test's tasks while `body`
/// runs: tests running in parallel that use the same dependency do not see each other's warnings.
private func warnings(
  containing marker: String, during body: () async throws -> Void
) async rethrows -> [String] {
  let test = Test.current?.id
  let recorded = Locked<[String]>([])
  let token = RuntimeWarnings.addHandler { warning in
    guard warning.message.contains(marker), Test.current?.id == test else { return false }
    recorded.withLock { $0.append(warning.message) }
    return true
  }
  defer { RuntimeWarnings.removeHandler(token) }
  try await body()
  return recorded.withLock { $0 }
}
