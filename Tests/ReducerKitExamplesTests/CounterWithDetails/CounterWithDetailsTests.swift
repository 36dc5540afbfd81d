import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@MainActor
@Suite struct CounterWithDetailsTests {
  private func makeStore(
    _ state: CounterWithDetails.State = CounterWithDetails.State(), clock: TestClock = TestClock()
  ) -> TestStoreOf<CounterWithDetails> {
    TestStore(initialState: state) {
      CounterWithDetails()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  /// RedUx's own test: increment, decrement, delayed increment give 1, 0, 1.
  @Test func incrementDecrementAndTheDelayedIncrement() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.decrementTapped) { $0.count = 0 }
    await store.send(.incrementWithDelayTapped)
    await clock.advance(by: .seconds(2))
    await store.receive(.increment) { $0.count = 1 }
    await store.finish()
  }

  @Test func eachDelayedPressIncrementsOnceTwoSecondsAfterIt() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.incrementWithDelayTapped)
    await clock.advance(by: .seconds(1))
    await store.send(.incrementWithDelayTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.increment) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.increment) { $0.count = 2 }
    // The sequence ends after its one element: nothing is left running.
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func cancellingTheDelayedIncrementStopsTheSequence() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let delayed = await store.send(.incrementWithDelayTapped)
    await clock.advance(by: .seconds(1))
    await delayed.cancel()
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func theSheetToggleBindsToThePresentationState() async {
    let store = makeStore(CounterWithDetails.State(count: 4))
    #expect(!store.state.isSheetPresented)
    await store.send(.setSheet(isPresented: true)) {
      $0.details = CounterDetails.State(count: 4)
    }
    #expect(store.state.isSheetPresented)
    await store.send(.details(.presented(.likes(.likeTapped)))) {
      $0.details?.likes.count = 1
    }
    // Presenting again while it is shown keeps the sheet's state.
    await store.send(.setSheet(isPresented: true))
    await store.send(.setSheet(isPresented: false)) { $0.details = nil }
    #expect(!store.state.isSheetPresented)
    // Opened again, the sheet starts afresh with the current count.
    await store.send(.incrementTapped) { $0.count = 5 }
    await store.send(.setSheet(isPresented: true)) {
      $0.details = CounterDetails.State(count: 5)
    }
  }

  @Test func theSheetsCloseButtonDismissesIt() async {
    let store = makeStore(CounterWithDetails.State(count: 1))
    await store.send(.setSheet(isPresented: true)) {
      $0.details = CounterDetails.State(count: 1)
    }
    await store.send(.details(.presented(.closeTapped)))
    await store.receive(.details(.dismiss)) { $0.details = nil }
    await store.finish()
  }

  @Test func closingTheSheetKeepsTheDelayedIncrementRunning() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.incrementWithDelayTapped)
    await store.send(.setSheet(isPresented: true)) { $0.details = CounterDetails.State(count: 0) }
    await store.send(.setSheet(isPresented: false)) { $0.details = nil }
    await clock.advance(by: .seconds(2))
    await store.receive(.increment) { $0.count = 1 }
  }

  @Test func aDetailsActionWithNoSheetIsAWarningAndChangesNothing() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.details(.presented(.favoriteToggled)))
    }
  }

  /// The binding a SwiftUI sheet uses, on a plain store.
  @Test func aStoreBindingOpensAndClosesTheSheet() {
    let store = Store(initialState: CounterWithDetails.State()) { CounterWithDetails() }
    let isSheetPresented = store.binding(
      get: \.isSheetPresented, send: CounterWithDetails.Action.setSheet)
    isSheetPresented.wrappedValue = true
    #expect(store.state.details == CounterDetails.State(count: 0))
    isSheetPresented.wrappedValue = false
    #expect(store.state.details == nil)
  }
}
