import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@MainActor
@Suite("DismissEffect", .serialized)
struct DismissEffectTests {
  /// A child that presents a grandchild (a `TimerChild`) of its own.
  struct Middle: Reducer {
    struct State: Equatable {
      var name = ""
      @PresentationState var grandchild: TimerChild.State?
    }
    enum Action: Equatable {
      case presentGrandchild
      case close
      case grandchild(PresentationAction<TimerChild.Action>)
    }

    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .presentGrandchild:
          state.grandchild = TimerChild.State(id: 9)
          return .none
        case .close:
          return .run { _ in await dismiss() }
        case .grandchild:
          return .none
        }
      }
      .ifLet(\.$grandchild, action: Action.grandchild) { TimerChild() }
    }
  }

  struct Top: Reducer {
    struct State: Equatable {
      @PresentationState var middle: Middle.State?
    }
    enum Action: Equatable {
      case present
      case middle(PresentationAction<Middle.Action>)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .present = action { state.middle = Middle.State() }
        return .none
      }
      .ifLet(\.$middle, action: Action.middle) { Middle() }
    }
  }

  /// A feature whose child is composed with a plain `Scope`: nothing presents it.
  struct ScopeParent: Reducer {
    struct State: Equatable {
      var child = TimerChild.State()
    }
    enum Action: Equatable {
      case child(TimerChild.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: Action.child) { TimerChild() }
    }
  }

  @Test("a presented child's dismiss() sends .dismiss; it is set to nil and its effects stop")
  func childDismissesItself() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerHost.State()) {
      TimerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = TimerChild.State(id: 1) }
    await store.send(.child(.presented(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.presented(.tick))) {
      $0.child?.ticks = 1
      $0.ticksSeenByParent = 1
    }
    await store.send(.child(.presented(.close)))
    await store.receive(TimerHost.Action.child(.dismiss)) {
      $0.sawChildOnDismiss = true
      $0.child = nil
    }
    #expect(!store.isDismissed)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("a destination case's dismiss() dismisses the destination")
  func destinationChildDismisses() async {
    let store = TestStore(initialState: TimerHost.State()) { TimerHost() }
    await store.send(.presentDestination(.timer(TimerChild.State(id: 1)))) {
      $0.destination = .timer(TimerChild.State(id: 1))
    }
    await store.send(.destination(.presented(.timer(.close))))
    await store.receive(TimerHost.Action.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test("a grandchild's dismiss() dismisses the grandchild only")
  func nestedDismissal() async {
    let store = TestStore(initialState: Top.State()) { Top() }
    await store.send(.present) { $0.middle = Middle.State() }
    await store.send(.middle(.presented(.presentGrandchild))) {
      $0.middle?.grandchild = TimerChild.State(id: 9)
    }
    await store.send(.middle(.presented(.grandchild(.presented(.close)))))
    await store.receive(Top.Action.middle(.presented(.grandchild(.dismiss)))) {
      $0.middle?.grandchild = nil
    }
    // And the middle one's own dismiss() dismisses the middle one.
    await store.send(.middle(.presented(.close)))
    await store.receive(Top.Action.middle(.dismiss)) { $0.middle = nil }
    #expect(!store.isDismissed)
    await store.finish()
  }

  @Test("dismiss() at the root of a plain Store is a warning and does nothing else")
  func plainStoreRootWarns() async {
    let recorder = WarningRecorder(matching: "nothing presents the feature")
    let store = Store(initialState: TimerChild.State()) { TimerChild() }
    await store.send(.close).finish()
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("nothing presents the feature") == true)
    #expect(store.state == TimerChild.State())
  }

  @Test("dismiss() in a child composed with Scope is a warning in a plain Store")
  func scopeChildWarns() async {
    let recorder = WarningRecorder(matching: "nothing presents the feature")
    let store = Store(initialState: ScopeParent.State()) { ScopeParent() }
    await store.send(.child(.close)).finish()
    #expect(recorder.messages.count == 1)
    #expect(store.state == ScopeParent.State())
  }

  /// A parent whose presented child overrides a dependency: the override reinstalls the
  /// dependency values, which must not hide the presentation's dismissal.
  struct OverridingHost: Reducer {
    struct State: Equatable {
      @PresentationState var child: TimerChild.State?
    }
    enum Action: Equatable {
      case present
      case child(PresentationAction<TimerChild.Action>)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .present = action { state.child = TimerChild.State() }
        return .none
      }
      .ifLet(\.$child, action: Action.child) {
        TimerChild().dependency(\.uuid, .incrementing)
      }
    }
  }

  @Test("a dependency override inside the child does not hide its dismissal")
  func dismissThroughDependencyOverride() async {
    let store = TestStore(initialState: OverridingHost.State()) { OverridingHost() }
    await store.send(.present) { $0.child = TimerChild.State() }
    await store.send(.child(.presented(.close)))
    await store.receive(OverridingHost.Action.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }

  @Test("a dismiss effect made with a closure runs the closure")
  func customDismiss() async {
    let called = Locked(false)
    let dismiss = DismissEffect { called.withLock { $0 = true } }
    await dismiss()
    #expect(called.withLock { $0 })
  }

  @Test("withDismiss gives every .run of an effect the dismissal, an inner one winning")
  func withDismissSeam() async {
    let received = Locked<[String]>([])
    let send = Send<String> { action in received.withLock { $0.append(action) } }
    let effect = Effect<String>.merge(
      Effect<String>.run { _ in await DismissEffect()() }.withDismiss(sending: "inner"),
      .run { _ in await DismissEffect()() }
    )
    .withDismiss(sending: "outer")
    let started = StartedRuns(of: effect, action: "start")
    #expect(started.runs.count == 2)
    await started.runAll(with: send)
    #expect(received.withLock { $0 } == ["inner", "outer"])
  }
}
