import Foundation
import Testing

@testable import ReducerKit

/// Which instance a child is: its id when it is `Identifiable`, found for the type at run time.
@Suite struct InstanceIdentityTests {
  struct Plain { var value = 0 }
  struct Row: Identifiable { var id: String }
  final class Session: Identifiable {}

  /// Reads the identity of a value whose type a generic caller does not know to be identifiable.
  func identity<Value>(_ value: Value) -> AnyHashable? {
    instanceIdentity(of: Value.self)(value)
  }

  @Test func aValueThatIsNotIdentifiableHasNoIdentity() {
    #expect(identity(Plain()) == nil)
    #expect(identity(42) == nil)
  }

  @Test func anIdentifiableValueIsItsID() {
    #expect(identity(Row(id: "a")) == AnyHashable("a"))
    #expect(identity(Row(id: "a")) != identity(Row(id: "b")))
  }

  @Test func anIdentifiableClassIsItsObject() {
    let session = Session()
    #expect(identity(session) == AnyHashable(ObjectIdentifier(session)))
    #expect(identity(session) != identity(Session()))
  }

  @Test func anOptionalIsNotIdentifiableThoughItsWrappedValueIs() {
    #expect(identity(Row?.some(Row(id: "a"))) == nil)
  }
}
