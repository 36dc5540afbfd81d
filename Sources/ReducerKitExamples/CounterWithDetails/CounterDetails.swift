import ReducerKit

/// The details sheet of ``CounterWithDetails``: the count it was opened with, a like counter
/// composed with `pull`, a favourite flag, and a close button that dismisses the sheet.
///
/// ```swift
/// .ifLet(\.$details, action: Action.details) { CounterDetails() }
/// ```
public struct CounterDetails: Reducer, Sendable {
  /// What the sheet shows.
  public struct State: Equatable, Sendable {
    /// The count when the sheet was opened.
    public var count: Int
    /// The sheet's likes.
    public var likes: Likes.State
    /// Whether the count is marked as a favourite.
    public var isFavorite: Bool

    /// Creates the sheet's state.
    ///
    /// ```swift
    /// CounterDetails.State(count: 3)
    /// ```
    public init(count: Int, likes: Likes.State = Likes.State(), isFavorite: Bool = false) {
      self.count = count
      self.likes = likes
      self.isFavorite = isFavorite
    }
  }

  /// What the sheet does.
  public enum Action: Equatable, Sendable {
    /// The like buttons.
    case likes(Likes.Action)
    /// The star: toggles the favourite flag.
    case favoriteToggled
    /// The close button: the sheet dismisses itself.
    case closeTapped
  }

  @Dependency(\.dismiss) var dismiss

  /// Creates the sheet's reducer.
  ///
  /// ```swift
  /// .ifLet(\.$details, action: Action.details) { CounterDetails() }
  /// ```
  public init() {}

  /// The likes, pulled into the sheet's state, then the sheet's own logic.
  public var body: some ReducerOf<Self> {
    Likes().pull(state: \State.likes, action: Action.likes)
    Reduce { state, action in
      switch action {
      case .likes:
        return .none
      case .favoriteToggled:
        state.isFavorite.toggle()
        return .none
      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}
