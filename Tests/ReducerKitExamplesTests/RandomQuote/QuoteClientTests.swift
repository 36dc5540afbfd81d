import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@Suite struct QuoteClientTests {
  @Test func theLiveClientPicksABuiltInQuoteAfterADelayOnTheClock() async throws {
    let clock = TestClock()
    let task = Task {
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        try await QuoteClient.liveValue.random()
      }
    }
    // The delay is at most 600 ms; nothing ends before the clock moves.
    await clock.advance(by: .milliseconds(600))
    let quote = try await task.value
    #expect(QuoteClient.quotes.contains(quote))
  }

  @Test func theLiveClientStopsWhenCancelled() async {
    let clock = TestClock()
    let task = Task {
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        try await QuoteClient.liveValue.random()
      }
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
  // The test value (unimplemented) is covered by RandomQuoteTests, under a TestStore.
}
