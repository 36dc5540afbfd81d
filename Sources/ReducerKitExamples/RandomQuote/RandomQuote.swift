import ReducerKit

/// "Get a random quote": shows that it is loading, fetches from the ``QuoteClient`` dependency,
/// then shows the quote or the error. Pressing the button again while a request is in flight
/// cancels it and starts a new one, so only the latest request's answer is shown.
///
/// ```swift
/// let store = Store(initialState: RandomQuote.State()) { RandomQuote() }
/// store.send(.loadTapped)   // isLoading, then a quote
/// ```
public struct RandomQuote: Reducer, Sendable {
  /// The quote shown, whether one is loading, and the last error.
  public struct State: Equatable, Sendable {
    /// The last quote fetched.
    public var quote: Quote?
    /// Whether a request is in flight.
    public var isLoading: Bool
    /// Why the last request failed, if it did.
    public var errorMessage: String?

    /// Creates the feature's state.
    ///
    /// ```swift
    /// RandomQuote.State(quote: Quote(text: "Hi", author: "Blob"))
    /// ```
    public init(quote: Quote? = nil, isLoading: Bool = false, errorMessage: String? = nil) {
      self.quote = quote
      self.isLoading = isLoading
      self.errorMessage = errorMessage
    }

    /// What the screen shows: the loading text, the error, the quote, or a prompt.
    ///
    /// ```swift
    /// Text(store.state.text)
    /// ```
    public var text: String {
      if isLoading { return "Loading…" }
      if let errorMessage { return "Error: \(errorMessage)" }
      return quote?.line ?? "Press load for a quote."
    }
  }

  /// What the feature does.
  public enum Action: Equatable, Sendable {
    /// The "load" button: cancels a request in flight and starts a new one.
    case loadTapped
    /// The request returned a quote.
    case quoteLoaded(Quote)
    /// The request failed, with a description of the error.
    case quoteFailed(String)
  }

  /// The id the request runs under.
  public enum CancelID: Hashable, Sendable {
    /// The request in flight.
    case load
  }

  @Dependency(\.quoteClient) var quoteClient

  /// Creates the feature's reducer.
  ///
  /// ```swift
  /// Store(initialState: RandomQuote.State()) { RandomQuote() }
  /// ```
  public init() {}

  /// The feature's logic.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loadTapped:
      state.isLoading = true
      state.errorMessage = nil
      return .run { send in
        await send(.quoteLoaded(try await quoteClient.random()))
      } catch: { error, send in
        await send(.quoteFailed("\(error)"))
      }
      .cancellable(id: CancelID.load, cancelInFlight: true)
    case .quoteLoaded(let quote):
      state.isLoading = false
      state.quote = quote
      return .none
    case .quoteFailed(let message):
      state.isLoading = false
      state.errorMessage = message
      return .none
    }
  }
}
