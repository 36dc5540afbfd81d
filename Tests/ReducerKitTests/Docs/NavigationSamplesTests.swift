import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/Navigation.md, copied verbatim (`.ci/doc-samples` checks that each
// one is here), compiled, and run. Each namespace holds the features a sample assumes.

/// Presentation (`Inventory`, `Destination`), the child that dismisses itself (`ItemForm`), and
/// the presentation test.
enum NavigationSample1 {
  struct Item: Equatable, Identifiable {
    var name: String
    var id: String { name }
  }

  struct Inventory: Reducer {
    struct State: Equatable {
      var items: IdentifiedArrayOf<Item> = []
      @PresentationState var destination: Destination.State?
    }
    enum Action: Equatable {
      case addTapped
      case destination(PresentationAction<Destination.Action>)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addTapped:
          state.destination = .add(ItemForm.State())
          return .none
        case let .destination(.presented(.add(.delegate(.saved(item))))):
          state.items.append(item)
          return .none
        case .destination:
          return .none
        }
      }
      .ifLet(\.$destination, action: Action.destination) { Destination() }
    }
  }

  struct Destination: Reducer {
    enum State: Equatable { case add(ItemForm.State) }
    enum Action: Equatable { case add(ItemForm.Action) }

    var body: some ReducerOf<Self> {
      Scope(state: State.add, action: Action.add) { ItemForm() }
    }
  }

  struct ItemForm: Reducer {
    struct State: Equatable { var item = Item(name: "") }
    enum Action: Equatable {
      case saveTapped
      case delegate(Delegate)
      enum Delegate: Equatable { case saved(Item) }
    }

    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .saveTapped:
        let item = state.item
        return .run { send in
          await send(.delegate(.saved(item)))
          await dismiss()
        }
      case .delegate:
        return .none
      }
    }
  }
}

extension NavigationSample1 {
  @Suite struct Tests {
    @MainActor
    @Test func addingAnItem() async {
      let store = TestStore(initialState: Inventory.State()) { Inventory() }
      await store.send(.addTapped) { $0.destination = .add(ItemForm.State()) }
      await store.send(.destination(.presented(.add(.saveTapped))))
      let saved = Inventory.Action.destination(.presented(.add(.delegate(.saved(Item(name: ""))))))
      await store.receive(saved) { $0.items = [Item(name: "")] }
      await store.receive(Inventory.Action.destination(.dismiss)) { $0.destination = nil }
    }

    @MainActor
    @Test func theFormsEffectsStopWhenASiblingDismissesIt() async {
      let store = TestStore(initialState: Inventory.State()) { Inventory() }
      await store.send(.addTapped) { $0.destination = .add(ItemForm.State()) }
      await store.send(.destination(.dismiss)) { $0.destination = nil }
      await store.finish()
    }
  }
}

/// The presentation scoping sample, with the names it uses.
struct NavigationScopingSample1 {
  typealias Inventory = NavigationSample1.Inventory
  typealias Destination = NavigationSample1.Destination

  @MainActor
  func saveFromTheSheet(_ store: Store<Inventory.State, Inventory.Action>) {
    guard
      let form = store.scope(state: \.$destination, action: Inventory.Action.destination)?
        .scope(state: Destination.State.add, action: Destination.Action.add)
    else { return }  // nothing presented, or not the form
    form.send(.saveTapped)  // arrives as .destination(.presented(.add(.saveTapped)))
  }
}

/// The stack scoping sample, with the names it uses.
struct NavigationScopingSample3 {
  typealias Root = NavigationSample3.Root

  @MainActor
  func describeTheStack(_ store: Store<Root.State, Root.Action>) -> [String] {
    store.scope(state: \.path, action: Root.Action.path).map { element in
      "\(element.id): \(element.store.state)"
    }
  }
}

@MainActor
@Suite struct NavigationScopingSamples {
  @Test func savingThroughTheScopedFormStore() async {
    let store = Store(initialState: NavigationSample1.Inventory.State()) {
      NavigationSample1.Inventory()
    }
    NavigationScopingSample1().saveFromTheSheet(store)  // nothing presented: nothing happens
    #expect(store.state.items.isEmpty)
    await store.send(.addTapped).finish()
    NavigationScopingSample1().saveFromTheSheet(store)
    #expect(
      await eventually { store.state.items.count == 1 && store.state.destination == nil })
  }

  @Test func describingTheStack() async {
    let store = Store(initialState: NavigationSample3.Root.State()) { NavigationSample3.Root() }
    store.send(.openTapped)
    store.send(.openTapped)
    let lines = NavigationScopingSample3().describeTheStack(store)
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("\(store.state.path.ids[0]): "))
  }
}

/// An alert as a destination case: `Destination` and `Inventory` with a delete confirmation,
/// the sheet's `Item` and `ItemForm` of the first sample, and the alert's test.
enum NavigationSample2 {
  typealias Item = NavigationSample1.Item
  typealias ItemForm = NavigationSample1.ItemForm

  struct Destination: Reducer {
    enum State: Equatable {
      case add(ItemForm.State)
      case alert(AlertState<Action.Alert>)
    }
    enum Action: Equatable {
      case add(ItemForm.Action)
      case alert(Alert)
      enum Alert: Equatable { case confirmDeletion(Item.ID) }
    }

    var body: some ReducerOf<Self> {
      Scope(state: State.add, action: Action.add) { ItemForm() }
    }
  }

  struct Inventory: Reducer {
    struct State: Equatable {
      var items: IdentifiedArrayOf<Item> = []
      @PresentationState var destination: Destination.State?
    }
    enum Action: Equatable {
      case addTapped
      case deleteTapped(Item.ID)
      case destination(PresentationAction<Destination.Action>)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addTapped:
          state.destination = .add(ItemForm.State())
          return .none
        case let .deleteTapped(id):
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
        case let .destination(.presented(.alert(.confirmDeletion(id)))):
          state.items.remove(id: id)
          return .none
        case let .destination(.presented(.add(.delegate(.saved(item))))):
          state.items.append(item)
          return .none
        case .destination:
          return .none
        }
      }
      .ifLet(\.$destination, action: Action.destination) { Destination() }
    }
  }
}

extension NavigationSample2 {
  @Suite struct Tests {
    @MainActor
    @Test func deletingAnItem() async {
      let milk = Item(name: "Milk")
      let store = TestStore(initialState: Inventory.State(items: [milk])) { Inventory() }
      await store.send(.deleteTapped(milk.id)) {
        $0.destination = .alert(
          AlertState {
            TextState("Delete Milk?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion(milk.id)) {
              TextState("Delete")
            }
            ButtonState(role: .cancel) { TextState("Cancel") }
          } message: {
            TextState("This cannot be undone.")
          })
      }
      await store.send(.destination(.presented(.alert(.confirmDeletion(milk.id))))) {
        $0.items = []
        $0.destination = nil  // dismissed by this send: no .dismiss to receive
      }
    }

    /// The Cancel button has no action: the view sends `.dismiss`, and the item stays.
    @MainActor
    @Test func cancellingKeepsTheItem() {
      let milk = Item(name: "Milk")
      let store = Store(initialState: Inventory.State(items: [milk])) { Inventory() }
      store.send(.deleteTapped(milk.id))
      guard case .alert(let alert)? = store.destination else {
        Issue.record("no alert was presented")
        return
      }
      #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
      #expect(alert.buttons[1].action.action == nil)
      store.send(.destination(.dismiss))
      #expect(store.destination == nil)
      #expect(store.items == [milk])
    }
  }
}

/// Stack-based navigation.
enum NavigationSample3 {
  struct Detail: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable { case tick }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.ticks += 1
      return .none
    }
  }

  struct Root: Reducer {
    struct State: Equatable {
      var path = StackState<Path.State>()
    }
    enum Action: Equatable {
      case openTapped
      case path(StackActionOf<Path>)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .openTapped:
          state.path.append(.detail(Detail.State()))
          return .none
        case .path:
          return .none
        }
      }
      .forEach(\.path, action: Action.path) { Path() }
    }
  }

  struct Path: Reducer {
    enum State: Equatable { case detail(Detail.State) }
    enum Action: Equatable { case detail(Detail.Action) }

    var body: some ReducerOf<Self> {
      Scope(state: State.detail, action: Action.detail) { Detail() }
    }
  }

  @MainActor
  @Test static func pushingAndTicking() async {
    let store = TestStore(initialState: Root.State()) { Root() }
    await store.send(.openTapped) { $0.path[id: 0] = .detail(Detail.State()) }
    await store.send(.path(.element(id: 0, action: .detail(.tick)))) {
      $0.path[id: 0] = .detail(Detail.State(ticks: 1))
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }
}
