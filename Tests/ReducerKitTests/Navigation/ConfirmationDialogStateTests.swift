import Foundation
import Testing

@testable import ReducerKit

private enum Share: Hashable, Sendable {
  case copyLink
  case email
}

private enum Parent: Hashable {
  case share(Share)
  case dismissed
}

private func shareDialog(
  titleVisibility: ConfirmationDialogStateTitleVisibility = .visible
) -> ConfirmationDialogState<Share> {
  ConfirmationDialogState(titleVisibility: titleVisibility) {
    TextState("Share")
  } actions: {
    ButtonState(action: .copyLink) { TextState("Copy link") }
    ButtonState(action: .email) { TextState("Email") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState("Choose how to share.")
  }
}

@Suite("ConfirmationDialogState")
struct ConfirmationDialogStateTests {
  @Test("a dialog built with title visibility, title, actions and message exposes them")
  func buildsWithAllParts() {
    let dialog = shareDialog()
    #expect(dialog.titleVisibility == .visible)
    #expect(dialog.title == "Share")
    #expect(dialog.message == "Choose how to share.")
    #expect(dialog.buttons.map(\.action.action) == [.copyLink, .email, nil])
    #expect(dialog.buttons.map(\.role) == [nil, nil, .cancel])
  }

  @Test("title visibility is .automatic by default; actions and message are optional")
  func defaults() {
    let dialog = ConfirmationDialogState<Share> { TextState("Share") }
    #expect(dialog.titleVisibility == .automatic)
    #expect(dialog.buttons.isEmpty)
    #expect(dialog.message == nil)
    func withActions(canEmail: Bool) -> ConfirmationDialogState<Share> {
      ConfirmationDialogState {
        TextState("Share")
      } actions: {
        if canEmail {
          ButtonState(action: .email) { TextState("Email") }
        } else {
          ButtonState(action: .copyLink) { TextState("Copy link") }
        }
      }
    }
    #expect(withActions(canEmail: true).buttons.map(\.action.action) == [.email])
    #expect(withActions(canEmail: false).buttons.map(\.action.action) == [.copyLink])
    #expect(withActions(canEmail: true).titleVisibility == .automatic)
  }

  @Test("dialogs with the same content are equal and hash alike, though identities differ")
  func equalityIgnoresIdentity() {
    let first = shareDialog()
    let second = shareDialog()
    #expect(first == second)
    #expect(first.ephemeralIdentity != second.ephemeralIdentity)
    #expect(first.hashValue == second.hashValue)
    #expect(Set([first, second]).count == 1)
  }

  @Test("dialogs differing in title visibility, title, buttons or message are not equal")
  func inequality() {
    let dialog = shareDialog()
    #expect(dialog != shareDialog(titleVisibility: .hidden))
    #expect(dialog != ConfirmationDialogState(titleVisibility: .visible) { "Share" })
    #expect(
      ConfirmationDialogState<Share> { "Share" } != ConfirmationDialogState { "Send" })
    #expect(
      ConfirmationDialogState<Share> { "Share" }
        != ConfirmationDialogState {
          "Share"
        } message: {
          "How?"
        })
  }

  @Test("a copy keeps the identity; map keeps it too, with the actions transformed")
  func identityIsKeptByCopiesAndMap() {
    let dialog = shareDialog()
    let copy = dialog
    #expect(copy.ephemeralIdentity == dialog.ephemeralIdentity)
    let mapped = dialog.map { Parent.share($0) }
    #expect(mapped.ephemeralIdentity == dialog.ephemeralIdentity)
    #expect(mapped.buttons.map(\.action.action) == [.share(.copyLink), .share(.email), nil])
    #expect(mapped.titleVisibility == .visible)
    #expect(mapped.title == dialog.title)
    #expect(mapped.message == dialog.message)
    let optionalMapped: ConfirmationDialogState<Parent> = dialog.map {
      $0.map(Parent.share) ?? .dismissed
    }
    #expect(optionalMapped.ephemeralIdentity == dialog.ephemeralIdentity)
    #expect(optionalMapped.buttons.last?.action.action == .dismissed)
  }

  @Test("ConfirmationDialogState is an EphemeralState and Sendable when its Action is")
  func isEphemeralAndSendable() {
    func requireSendable<T: Sendable>(_ value: T) -> T { value }
    let dialog = requireSendable(shareDialog())
    let ephemeral: any EphemeralState = dialog
    #expect(ephemeral.ephemeralIdentity == dialog.ephemeralIdentity)
    #expect(requireSendable(ConfirmationDialogStateTitleVisibility.hidden) == .hidden)
  }

  @Test("a dialog dumps as its parts, without its identity")
  func dump() {
    let dialog = ConfirmationDialogState<Share>(titleVisibility: .hidden) {
      TextState("Share")
    } actions: {
      ButtonState(action: .email) { TextState("Email") }
    }
    #expect(
      debugDump(dialog) == """
        ConfirmationDialogState<Share>(
          titleVisibility: .hidden,
          title: "Share",
          actions: [
            [0]: ButtonState<Share>(
              role: nil,
              action: .send(.email),
              label: "Email",
            ),
          ],
          message: nil,
        )
        """)
  }
}
