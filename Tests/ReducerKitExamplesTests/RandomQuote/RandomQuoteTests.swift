import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

/// An error with a readable description, as a network error would have.
private struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

@MainActor
@Suite struct RandomQuoteTests {
  private let first = Quote(text: "Make it work.", author: "Kent Beck")
  private let second = Quote(text: "Talk is cheap.", author: "Linus Torvalds")

  @Test func loadingShowsLoadingThenTheQuote() async {
    let quote = first
    let store = TestStore(initialState: RandomQuote.State()) {
      RandomQuote()
    } withDependencies: {
      $0.quoteClient = QuoteClient { quote }
    }
    #expect(store.state.text == "Press load for a quote.")
    await store.send(.loadTapped) { $0.isLoading = true }
    #expect(store.state.text == "Loading…")
    await store.receive(.quoteLoaded(quote)) {
      $0.isLoading = false
      $0.quote = quote
    }
    #expect(store.state.text == quote.line)
  }

  @Test func anErrorIsShownAndTheNextLoadClearsIt() async {
    let fails = Recorder<Bool>()
    let quote = first
    let store = TestStore(initialState: RandomQuote.State()) {
      RandomQuote()
    } withDependencies: {
      $0.quoteClient = QuoteClient {
        fails.record(true)
        if fails.recorded.count == 1 { throw Offline() }
        return quote
      }
    }
    await store.send(.loadTapped) { $0.isLoading = true }
    await store.receive(.quoteFailed("offline")) {
      $0.isLoading = false
      $0.errorMessage = "offline"
    }
    #expect(store.state.text == "Error: offline")
    await store.send(.loadTapped) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    await store.receive(.quoteLoaded(quote)) {
      $0.isLoading = false
      $0.quote = quote
    }
  }

  @Test func loadingAgainCancelsTheRequestInFlight() async {
    let clock = TestClock()
    let calls = Recorder<Int>()
    let quotes = [first, second]
    let store = TestStore(initialState: RandomQuote.State()) {
      RandomQuote()
    } withDependencies: {
      $0.quoteClient = QuoteClient {
        calls.record(calls.recorded.count)
        let quote = quotes[calls.recorded.count - 1]
        try await clock.sleep(for: .seconds(1))
        return quote
      }
    }
    await store.send(.loadTapped) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(500))
    await store.send(.loadTapped)
    // The first request would have answered now: it was cancelled, so nothing arrives.
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(500))
    await store.receive(.quoteLoaded(second)) {
      $0.isLoading = false
      $0.quote = self.second
    }
    await store.finish()
    #expect(calls.recorded.count == 2)
  }

  @Test func aCancelledRequestReportsNoError() async {
    let clock = TestClock()
    let store = TestStore(initialState: RandomQuote.State()) {
      RandomQuote()
    } withDependencies: {
      $0.quoteClient = QuoteClient {
        try await clock.sleep(for: .seconds(1))
        return Quote(text: "never", author: "nobody")
      }
    }
    let load = await store.send(.loadTapped) { $0.isLoading = true }
    await load.cancel()
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func theUnimplementedTestClientFailsATestThatForgetsToOverrideIt() async {
    let store = TestStore(initialState: RandomQuote.State()) { RandomQuote() }
    await withKnownIssue {
      await store.send(.loadTapped) { $0.isLoading = true }
      await store.receive(.quoteFailed("UnimplementedFailure(description: \"QuoteClient.random\")"))
      {
        $0.isLoading = false
        $0.errorMessage = "UnimplementedFailure(description: \"QuoteClient.random\")"
      }
    }
  }
}
