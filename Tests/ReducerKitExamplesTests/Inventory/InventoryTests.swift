import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

/// The inventory uses every navigation tool at once, so these tests are also the integration
/// tests of presentation, alerts and stacks: each dismissal and pop route, and the effects that
/// must stop with it.
@MainActor
@Suite struct InventoryTests {
  private let keyboard = Item(id: UUID(0), name: "Keyboard", quantity: 2)

  private func makeStore(
    _ state: Inventory.State = Inventory.State(), clock: TestClock = TestClock()
  ) -> TestStoreOf<Inventory> {
    TestStore(initialState: state) {
      Inventory()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }
  }

  @Test func addingAnItemPresentsTheFormWhichDismissesItselfOnSave() async {
    let store = makeStore()
    await store.send(.addTapped) {
      $0.destination = .add(ItemForm.State(item: Item(id: UUID(0), name: "")))
    }
    await store.send(.destination(.presented(.add(.nameChanged("Mouse"))))) {
      $0.destination = .add(ItemForm.State(item: Item(id: UUID(0), name: "Mouse")))
    }
    await store.send(.destination(.presented(.add(.saveTapped))))
    let mouse = Item(id: UUID(0), name: "Mouse")
    await store.receive(Inventory.Action.destination(.presented(.add(.delegate(.saved(mouse)))))) {
      $0.items = [mouse]
    }
    await store.receive(Inventory.Action.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func discardingTheFormDismissesItWithoutAnItem() async {
    let store = makeStore()
    await store.send(.addTapped) {
      $0.destination = .add(ItemForm.State(item: Item(id: UUID(0), name: "")))
    }
    await store.send(.destination(.presented(.add(.cancelTapped))))
    await store.receive(Inventory.Action.destination(.dismiss)) { $0.destination = nil }
    #expect(store.state.items.isEmpty)
  }

  @Test func deletingAsksFirstAndTheAlertDismissesItselfWithItsAction() async {
    let store = makeStore(Inventory.State(items: [keyboard]))
    await store.send(.deleteTapped(keyboard.id)) {
      $0.destination = .alert(Self.deleteAlert(for: self.keyboard))
    }
    // The button's action and the alert's dismissal in the same send: no `.dismiss` is sent.
    await store.send(.destination(.presented(.alert(.confirmDeletion(keyboard.id))))) {
      $0.items = []
      $0.destination = nil
    }
  }

  @Test func cancellingTheAlertKeepsTheItem() async {
    let store = makeStore(Inventory.State(items: [keyboard]))
    await store.send(.deleteTapped(keyboard.id)) {
      $0.destination = .alert(Self.deleteAlert(for: self.keyboard))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    #expect(store.state.items == [keyboard])
  }

  @Test func openingAnItemPushesItsDetailWhoseTimerStopsWhenItClosesItself() async {
    let clock = TestClock()
    let store = makeStore(Inventory.State(items: [keyboard]), clock: clock)
    await store.send(.itemTapped(keyboard.id)) {
      $0.path[id: 0] = .detail(ItemDetail.State(item: self.keyboard))
    }
    await store.receive(Inventory.Action.path(.element(id: 0, action: .detail(.onAppear))))
    await clock.advance(by: .seconds(1))
    await store.receive(Inventory.Action.path(.element(id: 0, action: .detail(.timerTicked)))) {
      $0.path[id: 0] = .detail(ItemDetail.State(item: self.keyboard, secondsOnScreen: 1))
    }
    // The detail's own close button: `dismiss()` inside a stack element pops it.
    await store.send(.path(.element(id: 0, action: .detail(.closeTapped))))
    await store.receive(Inventory.Action.path(.popFrom(id: 0))) { $0.path = StackState() }
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func poppingTheDetailFromTheParentStopsItsTimer() async {
    let clock = TestClock()
    let store = makeStore(Inventory.State(items: [keyboard]), clock: clock)
    await store.send(.itemTapped(keyboard.id)) {
      $0.path[id: 0] = .detail(ItemDetail.State(item: self.keyboard))
    }
    await store.receive(Inventory.Action.path(.element(id: 0, action: .detail(.onAppear))))
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func twoPushedDetailsTickOnTheirOwnAndPoppingTheFirstStopsBoth() async {
    let clock = TestClock()
    let mouse = Item(id: UUID(1), name: "Mouse")
    let store = makeStore(Inventory.State(items: [keyboard, mouse]), clock: clock)
    await store.send(.itemTapped(keyboard.id)) {
      $0.path[id: 0] = .detail(ItemDetail.State(item: self.keyboard))
    }
    await store.receive(Inventory.Action.path(.element(id: 0, action: .detail(.onAppear))))
    await store.send(.itemTapped(mouse.id)) {
      $0.path[id: 1] = .detail(ItemDetail.State(item: mouse))
    }
    await store.receive(Inventory.Action.path(.element(id: 1, action: .detail(.onAppear))))
    await clock.advance(by: .seconds(1))
    await store.receive(Inventory.Action.path(.element(id: 0, action: .detail(.timerTicked)))) {
      $0.path[id: 0] = .detail(ItemDetail.State(item: self.keyboard, secondsOnScreen: 1))
    }
    await store.receive(Inventory.Action.path(.element(id: 1, action: .detail(.timerTicked)))) {
      $0.path[id: 1] = .detail(ItemDetail.State(item: mouse, secondsOnScreen: 1))
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func aFormActionWhileTheAlertIsShownIsAWarningAndChangesNothing() async {
    let store = makeStore(Inventory.State(items: [keyboard]))
    await store.send(.deleteTapped(keyboard.id)) {
      $0.destination = .alert(Self.deleteAlert(for: self.keyboard))
    }
    await withKnownIssue {
      await store.send(.destination(.presented(.add(.nameChanged("x")))))
    }
  }

  @Test func aTestEndingWithTheDetailsTimerRunningReportsItInFlight() async {
    let store = makeStore(Inventory.State(items: [keyboard]))
    await store.send(.itemTapped(keyboard.id)) {
      $0.path[id: 0] = .detail(ItemDetail.State(item: self.keyboard))
    }
    await store.receive(Inventory.Action.path(.element(id: 0, action: .detail(.onAppear))))
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await store.finish()
  }

  /// The design's acceptance shape: a plain Store runs the same flows without a TestStore.
  @Test func aPlainStorePresentsDismissesAndPops() async {
    let clock = TestClock()
    let store = Store(initialState: Inventory.State(items: [keyboard])) {
      Inventory()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.addTapped).finish()
    #expect(store.state.destination != nil)
    await store.send(.destination(.presented(.add(.saveTapped)))).finish()
    #expect(store.state.destination == nil)
    #expect(store.state.items.count == 2)
    let detail = store.send(.itemTapped(keyboard.id))
    #expect(store.state.path.count == 1)
    await store.send(.path(.popFrom(id: store.state.path.ids[0]))).finish()
    await detail.finish()
    #expect(store.state.path.isEmpty)
  }

  private static func deleteAlert(for item: Item) -> AlertState<Inventory.Destination.Action.Alert>
  {
    AlertState {
      TextState("Delete \(item.name)?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(item.id)) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("This cannot be undone.")
    }
  }
}
