import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

private enum Alert: Hashable, Sendable {
  case confirmDeletion(Int)
  case retry
}

private enum Parent: Hashable {
  case alert(Alert)
  case dismissed
}

private struct Item: Identifiable, Equatable {
  var id: Int
}

/// The destination shape of design.md, without the presentation parts (other branches).
private struct Destination: Reducer {
  enum State: Equatable {
    case alert(AlertState<Action.Alert>)
  }
  enum Action: Equatable {
    case alert(Alert)
    enum Alert: Equatable {
      case confirmDeletion(Item.ID)
    }
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// A feature that presents an alert, for the TestStore failure diff.
private struct Deleter: Reducer {
  struct State: Equatable {
    var destination: Destination.State?
  }
  enum Action: Equatable {
    case deleteTapped(Item.ID)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .deleteTapped(id):
      state.destination = .alert(
        AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion(id)) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("This cannot be undone.")
        })
      return .none
    }
  }
}

private func deleteAlert(_ id: Int, message: String = "This cannot be undone.") -> AlertState<Alert>
{
  AlertState {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion(id)) { TextState("Delete") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState(message)
  }
}

@Suite("AlertState")
struct AlertStateTests {
  @Test("an alert built with title, actions and message exposes them in order")
  func buildsWithTitleActionsAndMessage() {
    let alert = deleteAlert(7)
    #expect(alert.title == TextState("Delete?"))
    #expect(alert.message == TextState("This cannot be undone."))
    #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
    #expect(alert.buttons.map(\.action.action) == [.confirmDeletion(7), nil])
    #expect(alert.buttons.map { String(state: $0.label) } == ["Delete", "Cancel"])
  }

  @Test("actions and message are optional")
  func optionalParts() {
    let saved = AlertState<Alert> { TextState("Saved") }
    #expect(saved.title == "Saved")
    #expect(saved.buttons.isEmpty)
    #expect(saved.message == nil)
    let withMessage = AlertState<Alert> {
      TextState("Saved")
    } message: {
      TextState("Done.")
    }
    #expect(withMessage.buttons.isEmpty)
    #expect(withMessage.message == "Done.")
    let withActions = AlertState {
      TextState("Failed")
    } actions: {
      ButtonState(action: Alert.retry) { TextState("Retry") }
    }
    #expect(withActions.buttons.count == 1)
    #expect(withActions.message == nil)
  }

  @Test("the actions builder takes if and if-else")
  func builderControlFlow() {
    func alert(canRetry: Bool) -> AlertState<Alert> {
      AlertState {
        TextState("Failed")
      } actions: {
        if canRetry {
          ButtonState(action: .retry) { TextState("Retry") }
        } else {
          ButtonState(role: .destructive, action: .confirmDeletion(1)) { TextState("Delete") }
        }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    #expect(alert(canRetry: true).buttons.map(\.action.action) == [.retry, nil])
    #expect(alert(canRetry: false).buttons.map(\.action.action) == [.confirmDeletion(1), nil])
  }

  @Test("alerts with the same content are equal and hash alike, though their identities differ")
  func equalityIgnoresIdentity() {
    let first = deleteAlert(1)
    let second = deleteAlert(1)
    #expect(first == second)
    #expect(first.ephemeralIdentity != second.ephemeralIdentity)
    #expect(first.hashValue == second.hashValue)
    #expect(Set([first, second]).count == 1)
  }

  @Test("alerts differing in title, buttons or message are not equal")
  func inequality() {
    let alert = deleteAlert(1)
    #expect(alert != deleteAlert(2))
    #expect(alert != deleteAlert(1, message: "Sure?"))
    #expect(
      alert
        != AlertState {
          TextState("Remove?")
        } actions: {
          alert.buttons[0]
        })
    #expect(
      AlertState<Alert> { "A" }
        != AlertState {
          "A"
        } message: {
          "B"
        })
  }

  @Test("a copy keeps the identity; map keeps it too, with the actions transformed")
  func identityIsKeptByCopiesAndMap() {
    let alert = deleteAlert(3)
    let copy = alert
    #expect(copy.ephemeralIdentity == alert.ephemeralIdentity)
    let mapped = alert.map { Parent.alert($0) }
    #expect(mapped.ephemeralIdentity == alert.ephemeralIdentity)
    #expect(mapped.buttons.map(\.action.action) == [.alert(.confirmDeletion(3)), nil])
    #expect(mapped.title == alert.title)
    #expect(mapped.message == alert.message)
    let optionalMapped: AlertState<Parent> = alert.map { $0.map(Parent.alert) ?? .dismissed }
    #expect(optionalMapped.ephemeralIdentity == alert.ephemeralIdentity)
    #expect(
      optionalMapped.buttons.map(\.action.action) == [.alert(.confirmDeletion(3)), .dismissed])
  }

  @Test("AlertState is an EphemeralState whose identity is the one it was built with")
  func isEphemeral() {
    let alert = deleteAlert(1)
    let ephemeral: any EphemeralState = alert
    #expect(ephemeral.ephemeralIdentity == alert.ephemeralIdentity)
  }

  @Test("design.md's Destination.State holds an alert and compares it by content")
  func destinationShape() {
    var state: Destination.State = .alert(
      AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion(5)) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This cannot be undone.")
      })
    var next = Deleter.State()
    _ = Deleter().reduce(into: &next, action: .deleteTapped(5))
    #expect(next.destination == state)
    state = .alert(AlertState { TextState("Saved") })
    #expect(next.destination != state)
  }

  @Test("AlertState is Sendable when its Action is")
  func isSendable() {
    func requireSendable<T: Sendable>(_ value: T) -> T { value }
    #expect(requireSendable(deleteAlert(1)) == deleteAlert(1))
  }

  @Test("an alert dumps as title, actions and message, without its identity")
  func dump() {
    #expect(
      debugDump(deleteAlert(1)) == """
        AlertState<Alert>(
          title: "Delete?",
          actions: [
            [0]: ButtonState<Alert>(
              role: .destructive,
              action: .send(.confirmDeletion(1)),
              label: "Delete",
            ),
            [1]: ButtonState<Alert>(
              role: .cancel,
              action: .send(nil),
              label: "Cancel",
            ),
          ],
          message: "This cannot be undone.",
        )
        """)
    #expect(diff(deleteAlert(1), deleteAlert(1)) == nil)
  }

  @Test("a TestStore failure shows the alert's changed lines, not its identity")
  @MainActor
  func testStoreFailureDiff() async {
    let store = TestStore(initialState: Deleter.State()) { Deleter() }
    let recorded = Locked<[String]>([])
    await withKnownIssue {
      await store.send(.deleteTapped(1)) {
        $0.destination = .alert(
          AlertState {
            TextState("Delete?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion(1)) { TextState("Delete") }
          } message: {
            TextState("This cannot be undone.")
          })
      }
    } matching: { issue in
      recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    let messages = recorded.withLock { $0 }
    let message = messages.joined(separator: "\n")
    #expect(messages.count == 1)
    let added = message.split(separator: "\n").filter { $0.hasPrefix("+") }
    #expect(added.count == 5)
    #expect(added.contains { $0.hasSuffix(" role: .cancel,") })
    #expect(added.contains { $0.hasSuffix(" label: \"Cancel\",") })
    #expect(!message.split(separator: "\n").contains { $0.hasPrefix("\u{2212}") })
    #expect(!message.contains("ephemeralIdentity"))
    #expect(!message.contains("rawValue"))
  }
}
