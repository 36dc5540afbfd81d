import Foundation
import ReducerKit

/// The "add an item" form, presented as a sheet: it edits a draft and, on save, tells its
/// parent and dismisses itself.
///
/// ```swift
/// .ifLet(\.$destination, action: Action.destination) { Destination() }
/// // where Destination scopes `.add` to ItemForm()
/// ```
public struct ItemForm: Reducer, Sendable {
  /// The draft being edited.
  public struct State: Equatable, Sendable {
    /// The item the form will save.
    public var item: Item

    /// Creates a form for `item`.
    ///
    /// ```swift
    /// ItemForm.State(item: Item(id: uuid(), name: ""))
    /// ```
    public init(item: Item) {
      self.item = item
    }
  }

  /// What the form does.
  public enum Action: Equatable, Sendable {
    /// The name field changed.
    case nameChanged(String)
    /// The quantity stepper went up.
    case incrementQuantity
    /// The quantity stepper went down (never below one).
    case decrementQuantity
    /// Save: the parent is told, then the form dismisses itself.
    case saveTapped
    /// Cancel: the form dismisses itself without saving.
    case cancelTapped
    /// What the form tells its parent.
    case delegate(Delegate)

    /// What the form tells its parent.
    public enum Delegate: Equatable, Sendable {
      /// The user saved this item.
      case saved(Item)
    }
  }

  @Dependency(\.dismiss) var dismiss

  /// Creates the form's reducer.
  ///
  /// ```swift
  /// Scope(state: State.add, action: Action.add) { ItemForm() }
  /// ```
  public init() {}

  /// The form's logic.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .nameChanged(let name):
      state.item.name = name
      return .none
    case .incrementQuantity:
      state.item.quantity += 1
      return .none
    case .decrementQuantity:
      state.item.quantity = max(1, state.item.quantity - 1)
      return .none
    case .saveTapped:
      let item = state.item
      return .run { send in
        await send(.delegate(.saved(item)))
        await dismiss()
      }
    case .cancelTapped:
      return .run { _ in await dismiss() }
    case .delegate:
      return .none
    }
  }
}
