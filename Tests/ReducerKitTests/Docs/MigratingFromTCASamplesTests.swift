import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The Swift samples of Docs/MigratingFromTCA.md, copied verbatim (`.ci/doc-samples` checks that
// each one is here), compiled, and run.

// MARK: - The worked example's dependency (an extension of DependencyValues must be at file scope)

struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

enum NumberFactClientKey: DependencyKey {
  static let liveValue = NumberFactClient { n in "\(n) is the number of the day." }
  static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClientKey.self] }
    set { self[NumberFactClientKey.self] = newValue }
  }
}

/// The worked example: a counter with a timer, a fact fetched from a dependency and shown in a
/// sheet that dismisses itself, and its exhaustive test.
enum MigratingFromTCASample {
  struct CounterFeature: Reducer {
    struct State: Equatable {
      var count = 0
      var isTimerRunning = false
      var isLoadingFact = false
      @PresentationState var fact: FactSheet.State?
    }
    enum Action: Equatable {
      case incrementTapped
      case toggleTimerTapped
      case timerTicked
      case factTapped
      case factResponse(String)
      case factFailed
      case fact(PresentationAction<FactSheet.Action>)
    }
    enum CancelID { case timer, fact }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.numberFact) var numberFact

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrementTapped, .timerTicked:
          state.count += 1
          return .none
        case .toggleTimerTapped:
          state.isTimerRunning.toggle()
          guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
          return .run { send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.timerTicked)
            }
          }
          .cancellable(id: CancelID.timer)
        case .factTapped:
          state.isLoadingFact = true
          let count = state.count
          return .run { send in
            await send(.factResponse(try await numberFact.fetch(count)))
          } catch: { _, send in
            await send(.factFailed)
          }
          .cancellable(id: CancelID.fact, cancelInFlight: true)
        case .factResponse(let text):
          state.isLoadingFact = false
          state.fact = FactSheet.State(text: text)
          return .none
        case .factFailed:
          state.isLoadingFact = false
          return .none
        case .fact:
          return .none
        }
      }
      .ifLet(\.$fact, action: Action.fact) { FactSheet() }
    }
  }

  struct FactSheet: Reducer {
    struct State: Equatable { var text: String }
    enum Action: Equatable { case closeTapped }

    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

extension MigratingFromTCASample {
  @Suite struct Tests {
    @MainActor
    @Test func counterFeature() async {
      let clock = TestClock()
      let store = TestStore(initialState: CounterFeature.State()) {
        CounterFeature()
      } withDependencies: {
        $0.continuousClock = clock
        $0.numberFact.fetch = { n in "\(n) is a good number." }
      }

      await store.send(.toggleTimerTapped) { $0.isTimerRunning = true }
      await clock.advance(by: .seconds(2))
      await store.receive(.timerTicked) { $0.count = 1 }
      await store.receive(.timerTicked) { $0.count = 2 }
      await store.send(.toggleTimerTapped) { $0.isTimerRunning = false }

      await store.send(.factTapped) { $0.isLoadingFact = true }
      await store.receive(CounterFeature.Action.factResponse) {  // any fact: by case constructor
        $0.isLoadingFact = false
        $0.fact = FactSheet.State(text: "2 is a good number.")
      }
      await store.send(.fact(.presented(.closeTapped)))
      await store.receive(CounterFeature.Action.fact(.dismiss)) { $0.fact = nil }
    }

    /// Not in the article: the error path, through the `catch:` handler.
    @MainActor
    @Test func factFailure() async {
      struct Offline: Error {}
      let store = TestStore(initialState: CounterFeature.State()) {
        CounterFeature()
      } withDependencies: {
        $0.numberFact.fetch = { _ in throw Offline() }
      }
      await store.send(.factTapped) { $0.isLoadingFact = true }
      await store.receive(.factFailed) { $0.isLoadingFact = false }
    }

    /// Not in the article: the case-path spellings of its table.
    @Test func casePathSpellings() {
      let action = CounterFeature.Action.fact(.dismiss)
      #expect(CasePath(CounterFeature.Action.fact).extract(from: action) == .dismiss)
      #expect(CasePath(CounterFeature.Action.factResponse).extract(from: action) == nil)
      #expect(CasePath(CounterFeature.Action.factResponse).embed("x") == .factResponse("x"))
    }
  }
}
