import Foundation
import ReducerKit

/// Search as you type: each keystroke updates the query, and the search runs once typing pauses
/// for ``debounceDelay`` on the clock dependency. A keystroke cancels both the search still waiting
/// and one already in flight, so only the latest query's results are shown; clearing the query
/// clears the results. Tapping a result pushes its ``SearchResultDetail`` screen, which loads the
/// result's details with its own effect.
///
/// ```swift
/// let store = Store(initialState: Search.State()) { Search() }
/// store.send(.queryChanged("mo"))   // searching…, results 300 ms after the last keystroke
/// ```
public struct Search: Reducer, Sendable {
  /// The query, its results and the pushed detail screens.
  public struct State: Equatable, Sendable {
    /// What the user typed.
    public var query: String
    /// The results of the last search that answered.
    public var results: IdentifiedArrayOf<SearchResult>
    /// Whether a search is waiting for typing to pause or is in flight.
    public var isSearching: Bool
    /// Why the last search failed, if it did.
    public var errorMessage: String?
    /// The detail screens pushed on the results.
    public var path: StackState<Path.State>

    /// Creates the search's state.
    ///
    /// ```swift
    /// Search.State(query: "mo", results: [SearchResult(id: "moon", name: "Moon", blurb: "")])
    /// ```
    public init(
      query: String = "",
      results: IdentifiedArrayOf<SearchResult> = [],
      isSearching: Bool = false,
      errorMessage: String? = nil,
      path: StackState<Path.State> = StackState()
    ) {
      self.query = query
      self.results = results
      self.isSearching = isSearching
      self.errorMessage = errorMessage
      self.path = path
    }
  }

  /// What the search does.
  public enum Action: Equatable, Sendable {
    /// The query field changed: a non-blank query is searched once typing pauses, a blank one
    /// clears the results. Either way a search waiting or in flight is cancelled.
    case queryChanged(String)
    /// The search answered with these results.
    case searchResponse([SearchResult])
    /// The search failed, with a description of the error.
    case searchFailed(String)
    /// A result in the list: pushes its detail screen.
    case resultTapped(SearchResult.ID)
    /// The pushed screens.
    case path(StackActionOf<Path>)
  }

  /// The id the search runs under.
  public enum CancelID: Hashable, Sendable {
    /// The search waiting for typing to pause, then in flight.
    case search
  }

  /// The screens that can be pushed: a result's details.
  public struct Path: Reducer, Sendable {
    /// A pushed screen.
    public enum State: Equatable, Sendable {
      /// A result's detail screen.
      case detail(SearchResultDetail.State)
    }

    /// What a pushed screen sends.
    public enum Action: Equatable, Sendable {
      /// The detail screen's actions.
      case detail(SearchResultDetail.Action)
    }

    /// Creates the path's reducer.
    ///
    /// ```swift
    /// .forEach(\.path, action: Action.path) { Path() }
    /// ```
    public init() {}

    /// The detail screen while it is on the stack.
    ///
    /// The state's case is spelled out rather than written `State.detail`: a case path can only
    /// find a struct's case from its constructor with reflection metadata, and the demo also
    /// runs in a build without it (see "Builds without reflection metadata" in
    /// Docs/Reliability.md).
    public var body: some ReducerOf<Self> {
      Scope(
        state: CasePath(embed: State.detail) {
          if case let .detail(detail) = $0 { detail } else { nil }
        },
        action: CasePath(Action.detail)
      ) { SearchResultDetail() }
    }
  }

  /// How long typing must pause before the query is searched.
  ///
  /// ```swift
  /// await store.send(.queryChanged("io")) { … }
  /// await clock.advance(by: Search.debounceDelay)   // the search runs now
  /// ```
  public static let debounceDelay: Duration = .milliseconds(300)

  @Dependency(\.searchClient) var searchClient
  @Dependency(\.continuousClock) var clock

  /// Creates the search's reducer.
  ///
  /// ```swift
  /// Store(initialState: Search.State()) { Search() }
  /// ```
  public init() {}

  /// The search's logic, then the stack's.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .queryChanged(let query):
        state.query = query
        state.errorMessage = nil
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
          state.results = []
          state.isSearching = false
          return .cancel(id: CancelID.search)
        }
        state.isSearching = true
        return .run { send in
          await send(.searchResponse(try await searchClient.search(query)))
        } catch: { error, send in
          await send(.searchFailed("\(error)"))
        }
        .debounce(id: CancelID.search, for: Self.debounceDelay, clock: clock)
      case .searchResponse(let results):
        state.isSearching = false
        // Not `IdentifiedArray(uniqueElements:)`, which traps on a duplicate id: a client that
        // answers one id twice gets its first answer shown, not a crash.
        state.results = []
        for result in results { state.results.append(result) }
        return .none
      case .searchFailed(let message):
        state.isSearching = false
        state.errorMessage = message
        return .none
      case .resultTapped(let id):
        guard let result = state.results[id: id] else { return .none }
        state.path.append(.detail(SearchResultDetail.State(result: result)))
        guard let pushed = state.path.ids.last else { return .none }
        return .send(.path(.element(id: pushed, action: .detail(.onAppear))))
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: Action.path) { Path() }
  }
}
