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
}
