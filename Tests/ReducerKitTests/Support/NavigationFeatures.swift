import Foundation

@testable import ReducerKit

/// A presented child with a long-running timer, a way to dismiss itself, and an id.
struct TimerChild: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var ticks = 0
  }
  enum Action: Equatable {
    case start
    case tick
    case close
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .close:
      return .run { _ in await dismiss() }
    }
  }
}

/// A test-only alert: ephemeral, with an identity that `==` ignores.
struct TestAlert: Equatable, EphemeralState {
  var title: String
  let ephemeralIdentity = EphemeralIdentity()

  init(_ title: String) {
    self.title = title
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.title == rhs.title }
}

/// A destination enum: two timer cases and an alert.
struct TimerDestination: Reducer {
  enum State: Equatable {
    case timer(TimerChild.State)
    case other(TimerChild.State)
    case alert(TestAlert)
  }
  enum Action: Equatable {
    case timer(TimerChild.Action)
    case other(TimerChild.Action)
    case alert(AlertAction)
  }
  enum AlertAction: Equatable {
    case confirm
    case again
  }

  var body: some ReducerOf<Self> {
    Scope(state: State.timer, action: Action.timer) { TimerChild() }
    Scope(state: State.other, action: Action.other) { TimerChild() }
  }
}

/// A parent presenting a `TimerChild` directly, a destination enum, and an alert; with a sibling
/// reducer after the `ifLet`s that can dismiss the child too.
struct TimerHost: Reducer {
  struct State: Equatable {
    @PresentationState var child: TimerChild.State?
    @PresentationState var destination: TimerDestination.State?
    @PresentationState var alert: TestAlert?
    var confirmed = 0
    var sawChildOnDismiss: Bool?
    var ticksSeenByParent: Int?
  }
  enum Action: Equatable {
    case present(id: Int)
    case hide
    case siblingHide
    case siblingReplace(id: Int)
    case presentDestination(TimerDestination.State)
    case showAlert(String)
    case child(PresentationAction<TimerChild.Action>)
    case destination(PresentationAction<TimerDestination.Action>)
    case alert(PresentationAction<TimerDestination.AlertAction>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .present(let id):
        state.child = TimerChild.State(id: id)
        return .none
      case .hide:
        state.child = nil
        return .none
      case .presentDestination(let destination):
        state.destination = destination
        return .none
      case .showAlert(let title):
        state.alert = TestAlert(title)
        return .none
      case .child(.dismiss):
        state.sawChildOnDismiss = state.child != nil
        return .none
      case .child(.presented(.tick)):
        state.ticksSeenByParent = state.child?.ticks
        return .none
      case .alert(.presented(.confirm)), .destination(.presented(.alert(.confirm))):
        state.confirmed += 1
        return .none
      case .alert(.presented(.again)):
        state.alert = TestAlert("again")
        return .none
      case .destination(.presented(.alert(.again))):
        state.destination = .alert(TestAlert("again"))
        return .none
      case .siblingHide, .siblingReplace, .child, .destination, .alert:
        return .none
      }
    }
    .ifLet(\.$child, action: Action.child) { TimerChild() }
    .ifLet(\.$destination, action: Action.destination) { TimerDestination() }
    .ifLet(\.$alert, action: Action.alert)
    Reduce { state, action in
      switch action {
      case .siblingHide:
        state.child = nil
      case .siblingReplace(let id):
        state.child = TimerChild.State(id: id)
      default:
        break
      }
      return .none
    }
  }
}

/// A root above `TimerHost` that can dismiss the host's child from outside.
struct TimerRoot: Reducer {
  struct State: Equatable {
    var host = TimerHost.State()
  }
  enum Action: Equatable {
    case host(TimerHost.Action)
    case hideFromAbove
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.host, action: Action.host) { TimerHost() }
    Reduce { state, action in
      if case .hideFromAbove = action { state.host.child = nil }
      return .none
    }
  }
}
