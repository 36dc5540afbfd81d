import Foundation
import ReducerKit

/// An inventory: a list of items, an "add" sheet, a delete confirmation alert and a stack of
/// pushed detail screens. Every navigation tool of ReducerKit in one feature.
///
/// ```swift
/// let store = Store(initialState: Inventory.State()) { Inventory() }
/// store.send(.addTapped)   // presents the form
/// ```
public struct Inventory: Reducer {
  /// The list, what is presented over it, and the pushed screens.
  public struct State: Equatable {
    /// The items, in the order they were added.
    public var items: IdentifiedArrayOf<Item>
    /// The sheet or alert shown over the list, if any.
    @PresentationState public var destination: Destination.State?
    /// The detail screens pushed on the list.
    public var path: StackState<Path.State>

    /// Creates the inventory's state.
    ///
    /// ```swift
    /// Inventory.State(items: [Item(id: UUID(0), name: "Keyboard")])
    /// ```
    public init(
      items: IdentifiedArrayOf<Item> = [],
      destination: Destination.State? = nil,
      path: StackState<Path.State> = StackState()
    ) {
      self.items = items
      self.destination = destination
      self.path = path
    }
  }

  /// What the inventory does.
  public enum Action: Equatable {
    /// The "add" button: presents the form.
    case addTapped
    /// A row's delete button: asks for confirmation.
    case deleteTapped(Item.ID)
    /// A row: pushes its detail screen.
    case itemTapped(Item.ID)
    /// The sheet or the alert.
    case destination(PresentationAction<Destination.Action>)
    /// The pushed screens.
    case path(StackActionOf<Path>)
  }

  /// What can be shown over the list: the form or the delete alert.
  public struct Destination: Reducer {
    /// The sheet or the alert.
    public enum State: Equatable {
      /// The "add an item" form.
      case add(ItemForm.State)
      /// The delete confirmation.
      case alert(AlertState<Action.Alert>)
    }

    /// What the sheet or the alert sends.
    public enum Action: Equatable {
      /// The form's actions.
      case add(ItemForm.Action)
      /// The alert's buttons.
      case alert(Alert)

      /// The alert's buttons.
      public enum Alert: Equatable, Sendable {
        /// Delete the item for good.
        case confirmDeletion(Item.ID)
      }
    }

    /// Creates the destination's reducer.
    ///
    /// ```swift
    /// .ifLet(\.$destination, action: Action.destination) { Destination() }
    /// ```
    public init() {}

    /// The form while it is shown (the alert needs no reducer).
    ///
    /// The state's case is spelled out rather than written `State.add`: a case path can only
    /// find a struct's case from its constructor with reflection metadata, and the demo also
    /// runs in a build without it (see "Builds without reflection metadata" in
    /// Docs/Reliability.md).
    public var body: some ReducerOf<Self> {
      Scope(
        state: CasePath(embed: State.add) { if case let .add(form) = $0 { form } else { nil } },
        action: CasePath(Action.add)
      ) { ItemForm() }
    }
  }

  /// The screens that can be pushed: an item's details.
  public struct Path: Reducer {
    /// A pushed screen.
    public enum State: Equatable {
      /// An item's detail screen.
      case detail(ItemDetail.State)
    }

    /// What a pushed screen sends.
    public enum Action: Equatable {
      /// The detail screen's actions.
      case detail(ItemDetail.Action)
    }

    /// Creates the path's reducer.
    ///
    /// ```swift
    /// .forEach(\.path, action: Action.path) { Path() }
    /// ```
    public init() {}

    /// The detail screen while it is on the stack. Its state's case is spelled out, as in
    /// ``Destination``.
    public var body: some ReducerOf<Self> {
      Scope(
        state: CasePath(embed: State.detail) {
          if case let .detail(detail) = $0 { detail } else { nil }
        },
        action: CasePath(Action.detail)
      ) { ItemDetail() }
    }
  }

  /// Creates the inventory's reducer.
  ///
  /// ```swift
  /// Store(initialState: Inventory.State()) { Inventory() }
  /// ```
  public init() {}

  @Dependency(\.uuid) var uuid

  /// The list's logic, then the sheet's, the alert's and the stack's.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.destination = .add(ItemForm.State(item: Item(id: uuid(), name: "")))
        return .none
      case .deleteTapped(let id):
        guard let item = state.items[id: id] else { return .none }
        state.destination = .alert(
          AlertState {
            TextState("Delete \(item.name)?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion(id)) { TextState("Delete") }
            ButtonState(role: .cancel) { TextState("Cancel") }
          } message: {
            TextState("This cannot be undone.")
          })
        return .none
      case .itemTapped(let id):
        guard let item = state.items[id: id] else { return .none }
        state.path.append(.detail(ItemDetail.State(item: item)))
        guard let pushed = state.path.ids.last else { return .none }
        return .send(.path(.element(id: pushed, action: .detail(.onAppear))))
      case .destination(.presented(.add(.delegate(.saved(let item))))):
        state.items.append(item)
        return .none
      case .destination(.presented(.alert(.confirmDeletion(let id)))):
        state.items.remove(id: id)
        return .none
      case .destination, .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
    .forEach(\.path, action: Action.path) { Path() }
  }
}
