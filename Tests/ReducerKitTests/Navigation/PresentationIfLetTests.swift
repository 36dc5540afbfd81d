import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@MainActor
@Suite("Presentation ifLet")
struct PresentationIfLetTests {
  typealias Host = TimerHost

  func makeStore(_ clock: TestClock) -> TestStoreOf<Host> {
    TestStore(initialState: Host.State()) {
      Host()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  /// Presents child `id`, starts its timer and receives one tick.
  func presentTicking(_ store: TestStoreOf<Host>, _ clock: TestClock, id: Int = 1) async {
    await store.send(.present(id: id)) { $0.child = TimerChild.State(id: id) }
    await store.send(.child(.presented(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.presented(.tick))) {
      $0.child?.ticks = 1
      $0.ticksSeenByParent = 1
    }
  }

  /// After a dismissal: advancing the clock brings no tick, and the test ends with nothing
  /// running (an exhaustive store fails on an unasserted tick or a running effect).
  func expectStopped(_ store: TestStoreOf<Host>, _ clock: TestClock) async {
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("the child runs before the parent, which sees its new state")
  func childRunsFirst() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await presentTicking(store, clock)
    await store.send(.hide) { $0.child = nil }
    await expectStopped(store, clock)
  }

  @Test("presenting starts no effect: finish passes while the child is presented")
  func presentingStartsNoEffect() async {
    let store = makeStore(TestClock())
    await store.send(.present(id: 1)) { $0.child = TimerChild.State(id: 1) }
    await store.finish()
  }

  @Test("the parent setting nil cancels the child's effects")
  func parentSetsNil() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await presentTicking(store, clock)
    await store.send(.hide) { $0.child = nil }
    await expectStopped(store, clock)
  }

  @Test(".dismiss: the parent sees the child still present, then it is nil and its effects stop")
  func dismissAction() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await presentTicking(store, clock)
    await store.send(.child(.dismiss)) {
      $0.sawChildOnDismiss = true
      $0.child = nil
    }
    await expectStopped(store, clock)
  }

  @Test(".dismiss with nothing presented does nothing, silently")
  func dismissWithNothingPresented() async {
    let store = makeStore(TestClock())
    await store.send(.child(.dismiss)) { $0.sawChildOnDismiss = false }
    await store.send(.alert(.dismiss))
    await store.finish()
  }

  @Test("a sibling reducer in the same body setting nil cancels the child's effects")
  func siblingSetsNil() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await presentTicking(store, clock)
    await store.send(.siblingHide) { $0.child = nil }
    await expectStopped(store, clock)
  }

  @Test("a sibling reducer presenting another child (another id) cancels the first's effects")
  func siblingReplaces() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await presentTicking(store, clock)
    await store.send(.siblingReplace(id: 2)) { $0.child = TimerChild.State(id: 2) }
    await expectStopped(store, clock)
  }

  @Test("the parent presenting a child with another id in its place cancels the first's effects")
  func replacedByAnotherID() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await presentTicking(store, clock)
    await store.send(.present(id: 2)) { $0.child = TimerChild.State(id: 2) }
    await expectStopped(store, clock)
  }

  @Test("re-presenting the same id keeps the child's effects running")
  func samePresentationKeepsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await presentTicking(store, clock)
    await store.send(.present(id: 1)) { $0.child?.ticks = 0 }
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.presented(.tick))) {
      $0.child?.ticks = 1
      $0.ticksSeenByParent = 1
    }
    await store.send(.hide) { $0.child = nil }
    await expectStopped(store, clock)
  }

  @Test("a reducer above the parent setting nil cancels the child's effects")
  func parentAboveSetsNil() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerRoot.State()) {
      TimerRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.host(.present(id: 1))) { $0.host.child = TimerChild.State(id: 1) }
    await store.send(.host(.child(.presented(.start))))
    await clock.advance(by: .seconds(1))
    await store.receive(.host(.child(.presented(.tick)))) {
      $0.host.child?.ticks = 1
      $0.host.ticksSeenByParent = 1
    }
    await store.send(.hideFromAbove) { $0.host.child = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("a different case of the destination enum presented in its place cancels the effects")
  func destinationReplacedByAnotherCase() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.presentDestination(.timer(TimerChild.State(id: 1)))) {
      $0.destination = .timer(TimerChild.State(id: 1))
    }
    await store.send(.destination(.presented(.timer(.start))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.timer(.tick)))) {
      $0.destination = .timer(TimerChild.State(id: 1, ticks: 1))
    }
    // Same payload, another case: another presentation.
    await store.send(.presentDestination(.other(TimerChild.State(id: 1, ticks: 1)))) {
      $0.destination = .other(TimerChild.State(id: 1, ticks: 1))
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("the same case with another payload id presented in its place cancels the effects")
  func destinationReplacedBySameCaseOtherID() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.presentDestination(.timer(TimerChild.State(id: 1)))) {
      $0.destination = .timer(TimerChild.State(id: 1))
    }
    await store.send(.destination(.presented(.timer(.start))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.timer(.tick)))) {
      $0.destination = .timer(TimerChild.State(id: 1, ticks: 1))
    }
    await store.send(.presentDestination(.timer(TimerChild.State(id: 2)))) {
      $0.destination = .timer(TimerChild.State(id: 2))
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("the same case with the same payload id presented again keeps its effects running")
  func destinationRepresentedWithSameID() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.presentDestination(.timer(TimerChild.State(id: 1)))) {
      $0.destination = .timer(TimerChild.State(id: 1))
    }
    await store.send(.destination(.presented(.timer(.start))))
    // Same case, same payload id (the payload read without reflection): the same presentation.
    await store.send(.presentDestination(.timer(TimerChild.State(id: 1, ticks: 7)))) {
      $0.destination = .timer(TimerChild.State(id: 1, ticks: 7))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.timer(.tick)))) {
      $0.destination = .timer(TimerChild.State(id: 1, ticks: 8))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("a child action while nothing is presented is a warning and changes nothing")
  func presentedWhileNil() async {
    let store = makeStore(TestClock())
    await withKnownIssue {
      await store.send(.child(.presented(.tick)))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("nothing was presented") }
    }
    #expect(store.state.child == nil)
  }

  @Test("an alert held directly is dismissed in the same reduce as its action")
  func alertAutoDismissal() async {
    let store = makeStore(TestClock())
    await store.send(.showAlert("Delete?")) { $0.alert = TestAlert("Delete?") }
    await store.send(.alert(.presented(.confirm))) {
      $0.confirmed = 1
      $0.alert = nil
    }
    await store.finish()
  }

  @Test("an alert in a destination enum case is dismissed in the same reduce as its action")
  func destinationAlertAutoDismissal() async {
    let store = makeStore(TestClock())
    await store.send(.presentDestination(.alert(TestAlert("Delete?")))) {
      $0.destination = .alert(TestAlert("Delete?"))
    }
    await store.send(.destination(.presented(.alert(.confirm)))) {
      $0.confirmed = 1
      $0.destination = nil
    }
    await store.finish()
  }

  @Test("a different alert presented in that reduce stays, even one equal to the first")
  func newAlertStays() async {
    let store = makeStore(TestClock())
    await store.send(.showAlert("again")) { $0.alert = TestAlert("again") }
    // The parent presents a new alert equal (==) to the old one: it has a new identity.
    await store.send(.alert(.presented(.again)))
    #expect(store.state.alert == TestAlert("again"))
    await store.send(.presentDestination(.alert(TestAlert("first")))) {
      $0.destination = .alert(TestAlert("first"))
    }
    await store.send(.destination(.presented(.alert(.again)))) {
      $0.destination = .alert(TestAlert("again"))
    }
    await store.finish()
  }

  @Test("an action of a non-alert destination case does not dismiss it")
  func nonEphemeralStays() async {
    let store = makeStore(TestClock())
    await store.send(.presentDestination(.timer(TimerChild.State(id: 1)))) {
      $0.destination = .timer(TimerChild.State(id: 1))
    }
    await store.send(.destination(.presented(.timer(.tick)))) {
      $0.destination = .timer(TimerChild.State(id: 1, ticks: 1))
    }
    await store.finish()
  }
}

/// A presented child whose state holds an array it appends to.
struct ListChild: Reducer {
  struct State: Equatable {
    var values: [Int]
  }
  enum Action: Equatable { case append }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.values.append(state.values.count)
    return .none
  }
}

struct ListHost: Reducer {
  struct State: Equatable {
    @PresentationState var list: ListChild.State?
  }
  enum Action: Equatable {
    case list(PresentationAction<ListChild.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$list, action: Action.list) { ListChild() }
  }
}

@MainActor
@Suite("Presentation ifLet: in place")
struct PresentationInPlaceTests {
  @Test("a child action mutates the presented state in place: its array is not copied")
  func childStateIsMutatedInPlace() {
    var values: [Int] = []
    values.reserveCapacity(1_000)
    let store = Store(initialState: ListHost.State(list: ListChild.State(values: values))) {
      ListHost()
    }
    values = []
    func address() -> UnsafeRawPointer? {
      store.withState { state in
        state.list!.values.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      }
    }
    store.send(.list(.presented(.append)))
    let before = address()
    for _ in 0..<10 { store.send(.list(.presented(.append))) }
    #expect(address() == before)
    #expect(store.state.list?.values == Array(0..<11))
  }
}

/// The Inventory / Destination / ItemForm shape of design.md (without the stack, and with the
/// test-only alert).
enum InventorySample {
  struct Item: Equatable, Identifiable {
    var id: Int
    var name: String
  }

  struct Inventory: Reducer {
    struct State: Equatable {
      var items: IdentifiedArrayOf<Item> = []
      @PresentationState var destination: Destination.State?
    }
    enum Action: Equatable {
      case addTapped, deleteTapped(Item.ID)
      case destination(PresentationAction<Destination.Action>)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addTapped:
          state.destination = .add(ItemForm.State())
          return .none
        case let .deleteTapped(id):
          state.destination = .alert(TestAlert("Delete item \(id)?"))
          return .none
        case let .destination(.presented(.alert(.confirmDeletion(id)))):
          state.items.remove(id: id)
          return .none
        case .destination:
          return .none
        }
      }
      .ifLet(\.$destination, action: Action.destination) { Destination() }
    }
  }

  struct Destination: Reducer {
    enum State: Equatable { case add(ItemForm.State), alert(TestAlert) }
    enum Action: Equatable {
      case add(ItemForm.Action), alert(Alert)
      enum Alert: Equatable { case confirmDeletion(Item.ID) }
    }
    var body: some ReducerOf<Self> {
      Scope(state: State.add, action: Action.add) { ItemForm() }
    }
  }

  struct ItemForm: Reducer {
    struct State: Equatable { var name = "" }
    enum Action: Equatable { case nameChanged(String), saveTapped }
    @Dependency(\.dismiss) var dismiss
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none
      case .saveTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

@MainActor
@Suite("Presentation ifLet: the Inventory example")
struct InventorySampleTests {
  typealias Inventory = InventorySample.Inventory

  @Test("the add form is presented, edited, and dismisses itself on save")
  func addSheet() async {
    let store = TestStore(initialState: Inventory.State()) { Inventory() }
    #expect(store.state.destination == nil)
    await store.send(.addTapped) { $0.destination = .add(InventorySample.ItemForm.State()) }
    await store.send(.destination(.presented(.add(.nameChanged("Pen"))))) {
      $0.destination = .add(InventorySample.ItemForm.State(name: "Pen"))
    }
    await store.send(.destination(.presented(.add(.saveTapped))))
    await store.receive(Inventory.Action.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test("the delete alert removes the item and dismisses itself in the same send")
  func deleteAlert() async {
    let store = TestStore(
      initialState: Inventory.State(items: [InventorySample.Item(id: 1, name: "Pen")])
    ) { Inventory() }
    await store.send(.deleteTapped(1)) { $0.destination = .alert(TestAlert("Delete item 1?")) }
    await store.send(.destination(.presented(.alert(.confirmDeletion(1))))) {
      $0.items = []
      $0.destination = nil
    }
    await store.finish()
  }
}
