import ReducerKit

/// A like counter, the small feature the details sheet composes with `pull`.
///
/// ```swift
/// Likes().pull(state: \CounterDetails.State.likes, action: CounterDetails.Action.likes)
/// ```
public struct Likes: Reducer, Sendable {
  /// How many likes.
  public struct State: Equatable, Sendable {
    /// The number of likes, never below zero.
    public var count: Int

    /// Creates the likes' state.
    ///
    /// ```swift
    /// Likes.State(count: 2)
    /// ```
    public init(count: Int = 0) {
      self.count = count
    }
  }

  /// What the like buttons do.
  public enum Action: Equatable, Sendable {
    /// The "like" button.
    case likeTapped
    /// The "unlike" button (does nothing at zero).
    case unlikeTapped
  }

  /// Creates the likes' reducer.
  ///
  /// ```swift
  /// Scope(state: \.likes, action: Action.likes) { Likes() }
  /// ```
  public init() {}

  /// The likes' logic.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .likeTapped:
      state.count += 1
    case .unlikeTapped:
      state.count = max(0, state.count - 1)
    }
    return .none
  }
}
