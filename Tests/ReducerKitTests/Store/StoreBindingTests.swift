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

  @Test func bindingWithGetAndSendOnAFeatureWithoutBindableAction() {
    let store = Store(initialState: Sheet.State()) { Sheet() }
    let isPresented = store.binding(get: \.isSheetPresented, send: Sheet.Action.setSheet)
    #expect(isPresented.wrappedValue == false)
    isPresented.wrappedValue = true
    #expect(store.sheetTitle == "Details")
    #expect(isPresented.wrappedValue == true)
    #expect(store.log == [.setSheet(true)])
  }

  @Test func bindingWithAClosureGetter() {
    let store = Store(initialState: Sheet.State()) { Sheet() }
    let titleLength = store.binding(
      get: { $0.sheetTitle?.count ?? 0 }, send: { Sheet.Action.setSheet($0 > 0) })
    titleLength.wrappedValue = 3
    #expect(titleLength.wrappedValue == "Details".count)
  }

  @Test func bindingToAFieldWithAnAction() {
    let store = Store(initialState: Sheet.State()) { Sheet() }
    let query = store.binding(\.query, send: Sheet.Action.queryChanged)
    query.wrappedValue = "Blob"
    #expect(store.query == "blob")
    #expect(query.wrappedValue == "blob")
    #expect(store.log == [.queryChanged("Blob")])
  }

  @Test func bindableFeaturesKeepTheKeyPathBindingAndGetTheOthers() {
    let store = Store(initialState: Settings.State()) { Settings() }
    let name = store.binding(\.name)
    let nickname = store.binding(\.nickname, send: { .binding(.set(\.nickname, $0)) })
    let isOn = store.binding(get: \.isOn, send: { .binding(.set(\.isOn, $0)) })
    name.wrappedValue = "Blob"
    nickname.wrappedValue = "B"
    isOn.wrappedValue = true
    #expect(store.state.name == "Blob")
    #expect(store.state.nickname == "B")
    #expect(store.state.isOn)
  }

  @Test func bindingsToAnyActionWorkOnAScopedStore() {
    struct Parent: Reducer {
      struct State: Equatable { var sheet = Sheet.State() }
      enum Action: Equatable { case sheet(Sheet.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.sheet, action: Action.sheet) { Sheet() }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    let sheet = store.scope(state: \.sheet, action: Parent.Action.sheet)
    sheet.binding(\.query, send: Sheet.Action.queryChanged).wrappedValue = "X"
    #expect(store.sheet.query == "x")
  }

  @Test func aBindingActionNoBindingReducerHandledIsReported() {
    struct Forgetful: Reducer {
      struct State: Equatable { var forgottenField = "" }
      enum Action: BindableAction, Equatable { case binding(BindingAction<State>) }
      var body: some ReducerOf<Self> {
        Reduce { _, _ in .none }
      }
    }
    let recorder = WarningRecorder(matching: "forgottenField")
    let store = Store(initialState: Forgetful.State()) { Forgetful() }
    let line: UInt = #line + 1
    let field = store.binding(\.forgottenField)
    field.wrappedValue = "Blob"
    #expect(store.forgottenField == "")
    #expect(recorder.messages.count == 1)
    #expect(
      recorder.messages.first?.hasPrefix(
        "A binding action sent from a store for \\State.forgottenField was not handled. "
          + "Add BindingReducer() to the feature's body") == true)
    #expect(recorder.places == ["ReducerKitTests/StoreBindingTests.swift:\(line)"])
  }

  @Test func aBindingActionABindingReducerHandledIsNotReported() {
    struct Remembering: Reducer {
      struct State: Equatable { var rememberedField = "" }
      enum Action: BindableAction, Equatable { case binding(BindingAction<State>) }
      var body: some ReducerOf<Self> {
        BindingReducer()
      }
    }
    let recorder = WarningRecorder(matching: "rememberedField")
    let store = Store(initialState: Remembering.State()) { Remembering() }
    store.binding(\.rememberedField).wrappedValue = "Blob"
    #expect(store.rememberedField == "Blob")
    #expect(recorder.messages.isEmpty)
  }

  @Test func aBindingActionHandledByAChildBindingReducerIsNotReported() {
    struct Parent: Reducer {
      struct State: Equatable { var settings = Settings.State() }
      enum Action: Equatable { case settings(Settings.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.settings, action: Action.settings) { Settings() }
      }
    }
    let recorder = WarningRecorder(matching: "was not handled")
    let store = Store(initialState: Parent.State()) { Parent() }
    store.scope(state: \.settings, action: Parent.Action.settings)
      .binding(\.nickname).wrappedValue = "child-handled-marker"
    #expect(store.settings.nickname == "child-handled-marker")
    #expect(!recorder.messages.contains { $0.contains("Settings.State.nickname") })
  }

  @Test func sendingABindingActionDirectlyIsNotReported() {
    struct Forgetful: Reducer {
      struct State: Equatable { var directlySentField = "" }
      enum Action: BindableAction, Equatable { case binding(BindingAction<State>) }
      var body: some ReducerOf<Self> {
        EmptyReducer()
      }
    }
    let recorder = WarningRecorder(matching: "directlySentField")
    let store = Store(initialState: Forgetful.State()) { Forgetful() }
    store.send(.binding(.set(\.directlySentField, "Blob")))
    #expect(recorder.messages.isEmpty)
  }
}

/// A feature that does not use `BindableAction`: its bindings send its own actions.
private struct Sheet: Reducer {
  struct State: Equatable {
    var sheetTitle: String?
    var query = ""
    var log: [Action] = []
    var isSheetPresented: Bool { sheetTitle != nil }
  }

  enum Action: Equatable {
    case setSheet(Bool)
    case queryChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append(action)
    switch action {
    case .setSheet(let isPresented):
      state.sheetTitle = isPresented ? "Details" : nil
    case .queryChanged(let query):
      state.query = query.lowercased()
    }
    return .none
  }
}

/// `store.binding(\.field)` for a feature whose bindings sit under its `view` case.
@MainActor
@Suite struct StoreBindingViewActionTests {
  struct Login: Reducer {
    struct State: Equatable { var email = "" }
    enum Action: Equatable, ViewAction {
      case view(View)
      enum View: BindableAction, Equatable { case binding(BindingAction<State>) }
    }
    var body: some ReducerOf<Self> { BindingReducer(action: Action.view) }
  }

  @Test func aBindingSendsThroughTheViewCase() {
    let store = Store(initialState: Login.State()) { Login() }
    let email = store.binding(\.email)
    email.wrappedValue = "blob@example.com"
    #expect(store.email == "blob@example.com")
    #expect(email.wrappedValue == "blob@example.com")
  }
}
