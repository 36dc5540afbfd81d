import Foundation
import ReducerKit
import ReducerKitTesting
import XCTest

/// The TestStore works under XCTest as well as Swift Testing: failures go through `XCTFail`.
final class XCTestCompatibilityTests: XCTestCase {
  @MainActor
  func testCounterUnderXCTest() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.delayedIncrement)
    await clock.advance(by: .seconds(1))
    await store.receive(.increment) { $0.count = 2 }
    await store.finish()
  }

  @MainActor
  func testFailuresAreReportedThroughXCTest() async throws {
    #if os(Linux)
    throw XCTSkip("XCTExpectFailure is only available on Apple platforms")
    #else
    XCTExpectFailure("the assertion is wrong on purpose")
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    await store.send(.increment) { $0.count = 2 }
    #endif
  }
}
