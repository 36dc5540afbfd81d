import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@Suite struct DateGeneratorTests {
  @Test func aConstantGeneratorAlwaysReturnsItsDate() {
    let date = Date(timeIntervalSince1970: 1_234_567_890)
    let generator = DateGenerator.constant(date)
    #expect(generator() == date)
    #expect(generator.now == date)
    #expect(generator() == date)
  }

  @Test func aGeneratorCallsItsClosureForEachDate() {
    let calls = Locked(0)
    let generator = DateGenerator {
      let call = calls.withLock { calls -> Int in
        calls += 1
        return calls
      }
      return Date(timeIntervalSince1970: TimeInterval(call))
    }
    #expect(generator() == Date(timeIntervalSince1970: 1))
    #expect(generator.now == Date(timeIntervalSince1970: 2))
  }

  @Test func theLiveGeneratorReturnsTheCurrentDate() {
    let before = Date()
    let now = DependencyValues().date.now
    let after = Date()
    #expect(before <= now && now <= after)
  }

  @Test func anOverrideIsSeenThroughTheDependency() {
    let date = Date(timeIntervalSince1970: 0)
    let reader = DateReader()
    let read = withDependencies {
      $0.date = .constant(date)
    } operation: {
      reader.date()
    }
    #expect(read == date)
  }

  @Test func settingNowMakesTheGeneratorConstant() {
    let date = Date(timeIntervalSince1970: 1_234_567_890)
    var generator = DateGenerator { Date() }
    generator.now = date
    #expect(generator.now == date)
    #expect(generator() == date)
    #expect(generator.now == date)
  }

  @Test func settingNowInWithDependenciesFixesTheDate() {
    let date = Date(timeIntervalSince1970: 42)
    let reader = DateReader()
    let read = withDependencies {
      $0.date.now = date
    } operation: {
      [reader.date.now, reader.date()]
    }
    #expect(read == [date, date])
  }

  @MainActor
  @Test func settingNowInATestStoresDependenciesFixesTheDate() async {
    struct Stamp: Reducer {
      @Dependency(\.date) var date
      func reduce(into state: inout Date?, action: Void) -> Effect<Void> {
        state = date.now
        return .none
      }
    }
    let date = Date(timeIntervalSince1970: 1_000_000)
    let store = TestStore(initialState: nil) {
      Stamp()
    } withDependencies: {
      $0.date.now = date
    }
    await store.send(()) { $0 = date }
  }

  @Test func theTestGeneratorReportsWhenUsed() async {
    let messages = await warnings(containing: #"@Dependency(\.date)"#) {
      var values = DependencyValues()
      values.context = .test
      let generator = values.date
      _ = generator()
      _ = generator.now
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Unimplemented") == true)
  }
}

private struct DateReader {
  @Dependency(\.date) var date
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
