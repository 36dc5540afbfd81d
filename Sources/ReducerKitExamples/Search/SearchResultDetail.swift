import Foundation
import ReducerKit

/// A search result's detail screen, pushed on the search's stack: when it appears it loads the
/// result's details from the ``SearchClient`` dependency, showing that it is loading, then the
/// details or the error. Popping the screen, by any route, cancels a load still in flight; the
/// close button pops it.
///
/// ```swift
/// .forEach(\.path, action: Action.path) { Path() }
/// // where Path scopes `.detail` to SearchResultDetail()
/// ```
public struct SearchResultDetail: Reducer, Sendable {
  /// The result shown and its details once they are loaded.
  public struct State: Equatable, Sendable {
    /// The result that was tapped: the screen shows its name at once.
    public var result: SearchResult
    /// The result's details, once loaded.
    public var details: SearchResult.Details?
    /// Whether the details are loading.
    public var isLoading: Bool
    /// Why the last load failed, if it did.
    public var errorMessage: String?

    /// Creates the detail screen of `result`.
    ///
    /// ```swift
    /// SearchResultDetail.State(result: result)
    /// ```
    public init(
      result: SearchResult,
      details: SearchResult.Details? = nil,
      isLoading: Bool = false,
      errorMessage: String? = nil
    ) {
      self.result = result
      self.details = details
      self.isLoading = isLoading
      self.errorMessage = errorMessage
    }
  }

  /// What the detail screen does.
  public enum Action: Equatable, Sendable {
    /// The screen appeared: its details start loading.
    case onAppear
    /// The details arrived.
    case detailsLoaded(SearchResult.Details)
    /// The load failed, with a description of the error.
    case detailsFailed(String)
    /// The close button: the screen pops itself.
    case closeTapped
  }

  @Dependency(\.searchClient) var searchClient
  @Dependency(\.dismiss) var dismiss

  /// Creates the detail screen's reducer.
  ///
  /// ```swift
  /// Scope(state: State.detail, action: Action.detail) { SearchResultDetail() }
  /// ```
  public init() {}

  private enum CancelID { case load }

  /// The detail screen's logic.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      state.isLoading = true
      state.errorMessage = nil
      let id = state.result.id
      return .run { send in
        await send(.detailsLoaded(try await searchClient.details(id)))
      } catch: { error, send in
        await send(.detailsFailed("\(error)"))
      }
      .cancellable(id: CancelID.load, cancelInFlight: true)
    case .detailsLoaded(let details):
      state.isLoading = false
      state.details = details
      return .none
    case .detailsFailed(let message):
      state.isLoading = false
      state.errorMessage = message
      return .none
    case .closeTapped:
      return .run { _ in await dismiss() }
    }
  }
}
