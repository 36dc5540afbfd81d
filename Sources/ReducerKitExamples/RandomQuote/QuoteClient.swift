import ReducerKit

/// Fetches a random quote: the one dependency of ``RandomQuote``.
///
/// The live client picks from ``QuoteClient/quotes`` after a short random delay on the
/// `continuousClock` dependency, like a network request would take (no network is used). The test
/// value is unimplemented: a test says what the client returns.
///
/// ```swift
/// let store = TestStore(initialState: RandomQuote.State()) { RandomQuote() } withDependencies: {
///   $0.quoteClient = QuoteClient { Quote(text: "Hi", author: "Blob") }
/// }
/// ```
public struct QuoteClient: Sendable {
  /// Returns a random quote, or throws when none could be fetched.
  ///
  /// ```swift
  /// let quote = try await quoteClient.random()
  /// ```
  public var random: @Sendable () async throws -> Quote

  /// Creates a client that fetches with `random`.
  ///
  /// ```swift
  /// QuoteClient { try await server.randomQuote() }
  /// ```
  public init(random: @escaping @Sendable () async throws -> Quote) {
    self.random = random
  }

  /// The built-in quotes the live client picks from.
  ///
  /// ```swift
  /// QuoteClient.quotes.count  // 6
  /// ```
  public static let quotes: [Quote] = [
    Quote(text: "Simplicity is prerequisite for reliability.", author: "Edsger W. Dijkstra"),
    Quote(text: "Make it work, make it right, make it fast.", author: "Kent Beck"),
    Quote(text: "Premature optimization is the root of all evil.", author: "Donald Knuth"),
    Quote(text: "Programs must be written for people to read.", author: "Harold Abelson"),
    Quote(text: "Talk is cheap. Show me the code.", author: "Linus Torvalds"),
    Quote(
      text: "The best way to predict the future is to invent it.", author: "Alan Kay"),
  ]
}

extension QuoteClient: DependencyKey {
  /// Picks one of ``quotes`` after 100 to 600 ms on the `continuousClock` dependency.
  public static let liveValue = QuoteClient {
    @Dependency(\.continuousClock) var clock
    try await clock.sleep(for: .milliseconds(Int.random(in: 100...600)))
    return quotes.randomElement() ?? quotes[0]
  }

  /// Unimplemented: reports a test failure and throws when called.
  public static let testValue = QuoteClient(random: unimplemented("QuoteClient.random"))
}

extension DependencyValues {
  /// The client ``RandomQuote`` fetches quotes from.
  ///
  /// ```swift
  /// @Dependency(\.quoteClient) var quoteClient
  /// ```
  public var quoteClient: QuoteClient {
    get { self[QuoteClient.self] }
    set { self[QuoteClient.self] = newValue }
  }
}
