import Foundation
import Observation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreBindingTests {
  @Test func settingTheBindingRoundTripsThroughTheReducer() {
    let store = Store(initialState: Settings.State()) { Settings() }
    let name = store.binding(\.name)
    #expect(name.wrappedValue == "")
    name.wrappedValue = "Blob"
    #expect(store.state.name == "Blob")
    #expect(name.wrappedValue == "Blob")
    // The feature's own `Reduce` ran on the binding action.
    #expect(store.nameEdits == 1)
  }

  @Test func readsWhatTheReducerMadeOfTheValue() {
    let store = Store(initialState: Settings.State()) { Settings() }
    let volume = store.binding(\.volume)
    volume.wrappedValue = 7
    #expect(volume.wrappedValue == 1)
  }

  @Test func settingSendsTheBindingAction() {
    let log = Log<Settings.Action>()
    let store = Store(initialState: Settings.State()) {
      Reduce<Settings.State, Settings.Action> { _, action in
        log.append(action)
        return .none
      }
      Settings()
    }
    store.binding(\.isOn).wrappedValue = true
    store.binding(\.name).wrappedValue = "Blob"
    #expect(log.values == [.binding(.set(\.isOn, true)), .binding(.set(\.name, "Blob"))])
  }

  @Test func readsTheCurrentStateNotACopy() {
    let store = Store(initialState: Settings.State()) { Settings() }
    let isOn = store.binding(\.isOn)
    store.send(.binding(.set(\.isOn, true)))
    #expect(isOn.wrappedValue)
    isOn.wrappedValue.toggle()
    #expect(store.isOn == false)
  }

  @Test func readingTheBindingIsObserved() {
    let store = Store(initialState: Settings.State()) { Settings() }
    let name = store.binding(\.name)
    let changed = Locked(false)
    withObservationTracking {
      _ = name.wrappedValue
    } onChange: {
      changed.withLock { $0 = true }
    }
    #expect(changed.withLock { $0 } == false)
    store.send(.binding(.set(\.name, "Blob")))
    #expect(changed.withLock { $0 })
  }

  @Test func writingThroughAnotherBindingNotifiesObservers() {
    let store = Store(initialState: Settings.State()) { Settings() }
    let reader = store.binding(\.name)
    let writer = store.binding(\.name)
    let changed = Locked(false)
    withObservationTracking {
      _ = reader.wrappedValue
    } onChange: {
      changed.withLock { $0 = true }
    }
    writer.wrappedValue = "Blob"
    #expect(changed.withLock { $0 })
    #expect(reader.wrappedValue == "Blob")
  }

  @Test func worksOnAScopedStore() {
    struct Parent: Reducer {
      struct State: Equatable { var settings = Settings.State() }
      enum Action: Equatable { case settings(Settings.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.settings, action: Action.settings) { Settings() }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    let settings = store.scope(state: \.settings, action: Parent.Action.settings)
    let name = settings.binding(\.name)
    name.wrappedValue = "Blob"
    #expect(store.settings.name == "Blob")
    #expect(name.wrappedValue == "Blob")
  }

  @Test func canBeHandedToAnotherTask() async {
    let store = Store(initialState: Settings.State()) { Settings() }
    let name = store.binding(\.name)
    // `StoreBinding` is `Sendable`; it is used on the main actor again inside the task.
    await Task { @MainActor in name.wrappedValue = "Blob" }.value
    #expect(store.name == "Blob")
  }
}
