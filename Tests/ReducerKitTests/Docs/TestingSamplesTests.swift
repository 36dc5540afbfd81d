import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/Testing.md, copied verbatim (`.ci/doc-samples` checks that each one
// is here), compiled, and run: the samples are tests themselves.

/// The suite is the samples' namespace, with the features they test.
@MainActor
@Suite struct TestingSamplesTests {
  /// The README's counter, which the article tests.
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment, decrement, delayedIncrement, cancel }

    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .none
        case .decrement:
          state.count -= 1
          return .none
        case .delayedIncrement:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.increment)
          }
          .cancellable(id: "delay", cancelInFlight: true)
        case .cancel:
          return .cancel(id: "delay")
        }
      }
    }
  }

  // MARK: - The first sample

  @MainActor
  @Test func counter() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.increment) { $0.count = 1 }  // the state as of the last assertion, changed
    await store.send(.delayedIncrement)  // no change: no closure
    await clock.advance(by: .seconds(1))  // the effect wakes and sends .increment
    await store.receive(.increment) { $0.count = 2 }
    await store.finish()  // nothing left running, nothing unasserted
  }

  // MARK: - Non-exhaustive mode

  /// A login whose effect reports progress before the response, and keeps a heartbeat running.
  struct Login: Reducer {
    struct User: Equatable {
      var name: String
      var token: String
    }
    struct State: Equatable {
      var isLoggingIn = false
      var progress = 0.0
      var user: User?
    }
    enum Action: Equatable { case login, progress(Double), loginResponse(User), heartbeat }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .login:
        state.isLoggingIn = true
        return .merge(
          .run { send in
            await send(.progress(0.5))
            await send(.loginResponse(User(name: "Blob", token: "secret")))
          },
          .run { send in
            while true {
              try await clock.sleep(for: .seconds(60))
              await send(.heartbeat)
            }
          }
        )
      case .progress(let progress):
        state.progress = progress
        return .none
      case .loginResponse(let user):
        state.isLoggingIn = false
        state.user = user
        return .none
      case .heartbeat:
        return .none
      }
    }
  }

  @Test func nonExhaustiveLogin() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }

    store.exhaustivity = .off
    await store.send(.login)  // unasserted changes are fine
    await store.receive(Login.Action.loginResponse) {  // earlier received actions are skipped
      $0.user?.name = "Blob"  // only this field is checked
    }
    // effects still running at the end are fine, and are cancelled

    #expect(store.state.user?.name == "Blob")
    #expect(store.state.progress == 0.5)
  }

  @Test func nonExhaustiveModeStillChecksWhatIsAsserted() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.exhaustivity = .off
    await store.send(.login)
    await withKnownIssue {
      await store.receive(Login.Action.loginResponse) { $0.user?.name = "Blue" }
    }
  }

  @Test func withExhaustivityOffAndAssert() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }

    await store.withExhaustivity(.off) {  // exhaustive again after the closure
      await store.send(.login)
      store.assert {  // the state now, received actions included
        $0.progress = 0.5
        $0.user?.name = "Blob"
      }
    }
    await store.skipReceivedActions()  // .progress and .loginResponse, checked above
    await store.skipInFlightEffects()  // the heartbeat

    #expect(store.exhaustivity == .on)
    #expect(store.state.user == Login.User(name: "Blob", token: "secret"))
  }

  @Test func assertOffStillChecksWhatItSets() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.withExhaustivity(.off) {
      await store.send(.login)
      withKnownIssue {
        store.assert { $0.progress = 1 }
      }
    }
    await store.skipReceivedActions()
    await store.skipInFlightEffects()
  }

  // MARK: - Enums, results and clocks

  struct Profile: Reducer {
    struct SaveError: Error, Equatable {}
    struct Draft: Equatable {
      var name: String
      var isSaving = false
    }
    enum Mode: Equatable {
      case viewing
      case editing(Draft)
    }
    struct State: Equatable {
      var mode = Mode.viewing
      var savedName = ""
    }
    enum Action: Equatable {
      case editTapped, nameChanged(String), saveTapped
      case saveResponse(Result<String, SaveError>)
    }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .editTapped:
        state.mode = .editing(Draft(name: state.savedName))
        return .none
      case .nameChanged(let name):
        CasePath(Mode.editing).modify(&state.mode) { $0.name = name }
        return .none
      case .saveTapped:
        guard case .editing(var draft) = state.mode else { return .none }
        draft.isSaving = true
        state.mode = .editing(draft)
        let name = draft.name
        return .run { send in
          try await clock.sleep(for: .seconds(1))  // the server, simulated
          await send(.saveResponse(name.isEmpty ? .failure(SaveError()) : .success(name)))
        }
      case .saveResponse(.success(let name)):
        state.mode = .viewing
        state.savedName = name
        return .none
      case .saveResponse(.failure):
        CasePath(Mode.editing).modify(&state.mode) { $0.isSaving = false }
        return .none
      }
    }
  }

  @MainActor
  @Test func savingTheProfile() async {
    let store: TestStoreOf<Profile> = TestStore(initialState: Profile.State()) {
      Profile()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.editTapped) { $0.mode = .editing(Profile.Draft(name: "")) }
    await store.send(.nameChanged("Blob")) {
      CasePath(Profile.Mode.editing).modify(&$0.mode) { $0.name = "Blob" }
    }
    await store.send(.saveTapped) {  // the effect has finished sleeping when send returns
      CasePath(Profile.Mode.editing).modify(&$0.mode) { $0.isSaving = true }
    }
    await store.receive(CasePath(Profile.Action.saveResponse).appending(Result.success)) {
      $0.mode = .viewing
      $0.savedName = "Blob"
    }
  }

  @Test func receiveByAppendedCasePathRejectsTheOtherCase() async {
    let store: TestStoreOf<Profile> = TestStore(initialState: Profile.State()) {
      Profile()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.editTapped) { $0.mode = .editing(Profile.Draft(name: "")) }
    await store.send(.saveTapped) {
      CasePath(Profile.Mode.editing).modify(&$0.mode) { $0.isSaving = true }
    }
    await withKnownIssue {
      await store.receive(CasePath(Profile.Action.saveResponse).appending(Result.success))
    }
    await store.skipReceivedActions()
  }

  @Test func modifyInAnotherCaseFailsTheAssertion() async {
    let store: TestStoreOf<Profile> = TestStore(initialState: Profile.State()) {
      Profile()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await withKnownIssue {
      await store.send(.editTapped) {
        CasePath(Profile.Mode.editing).modify(&$0.mode) { $0.name = "" }  // still .viewing here
      }
    }
  }

  // MARK: - Zero-duration sleeps on a TestClock

  struct Refresher: Reducer {
    struct State: Equatable { var refreshCount = 0 }
    enum Action: Equatable { case refreshTapped, refreshed }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .refreshTapped:
        return .run { send in
          try await clock.sleep(for: .zero)
          await send(.refreshed)
        }
      case .refreshed:
        state.refreshCount += 1
        return .none
      }
    }
  }

  @Test func aZeroSleepWaitsForTheNextAdvance() async {
    let clock = TestClock()
    let store = TestStore(initialState: Refresher.State()) {
      Refresher()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.refreshTapped)  // the effect sleeps for .zero first
    await clock.advance()
    await store.receive(.refreshed) { $0.refreshCount = 1 }
  }

  @Test func beforeTheAdvanceTheZeroSleepIsStillWaiting() async {
    let clock = TestClock()
    let store = TestStore(initialState: Refresher.State()) {
      Refresher()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.refreshTapped)
    await withKnownIssue {
      await store.receive(.refreshed, timeout: .milliseconds(50))
    }
    await clock.advance()
    await store.receive(.refreshed) { $0.refreshCount = 1 }
  }
}
