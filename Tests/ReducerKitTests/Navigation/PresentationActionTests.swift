import Foundation
import Testing

@testable import ReducerKit

@Suite("PresentationAction")
struct PresentationActionTests {
  enum Child: Equatable, Hashable, Sendable {
    case tap
    case type(String)
  }

  @Test("equality and hashing follow the child action")
  func equatableHashable() {
    let dismiss = PresentationAction<Child>.dismiss
    #expect(dismiss == .dismiss)
    #expect(PresentationAction<Child>.presented(.tap) == .presented(.tap))
    #expect(PresentationAction<Child>.presented(.tap) != .presented(.type("a")))
    #expect(PresentationAction<Child>.presented(.tap) != dismiss)
    let set: Set<PresentationAction<Child>> = [.dismiss, .presented(.tap), .presented(.tap)]
    #expect(set.count == 2)
  }

  @Test("a case path reads the presented action")
  func casePath() {
    let presented = CasePath(PresentationAction<Child>.presented)
    #expect(presented.extract(from: .presented(.type("b"))) == .type("b"))
    #expect(presented.extract(from: .dismiss) == nil)
  }

  @Test("it is Sendable when the child action is")
  func sendable() async {
    let action = PresentationAction<Child>.presented(.type("c"))
    let copy = await Task.detached { action }.value
    #expect(copy == action)
  }
}
