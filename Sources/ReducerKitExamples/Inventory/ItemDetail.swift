import Foundation
import ReducerKit

/// An item's detail screen, pushed on the inventory's stack: it counts the seconds it has been
/// on screen with a timer that stops when the screen is popped, and can pop itself.
///
/// ```swift
/// .forEach(\.path, action: Action.path) { Path() }
/// // where Path scopes `.detail` to ItemDetail()
/// ```
public struct ItemDetail: Reducer, Sendable {
  /// The item shown and the time on screen.
  public struct State: Equatable, Sendable {
    /// The item shown.
    public var item: Item
    /// Seconds since the screen appeared.
    public var secondsOnScreen = 0

    /// Creates the detail screen of `item`.
    ///
    /// ```swift
    /// ItemDetail.State(item: item)
    /// ```
    public init(item: Item, secondsOnScreen: Int = 0) {
      self.item = item
      self.secondsOnScreen = secondsOnScreen
    }
  }

  /// What the detail screen does.
  public enum Action: Equatable, Sendable {
    /// The screen appeared: the timer starts.
    case onAppear
    /// A second passed.
    case timerTicked
    /// The close button: the screen pops itself.
    case closeTapped
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  /// Creates the detail screen's reducer.
  ///
  /// ```swift
  /// Scope(state: State.detail, action: Action.detail) { ItemDetail() }
  /// ```
  public init() {}

  private enum CancelID { case timer }

  /// The detail screen's logic.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.timerTicked)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .timerTicked:
      state.secondsOnScreen += 1
      return .none
    case .closeTapped:
      return .run { _ in await dismiss() }
    }
  }
}
