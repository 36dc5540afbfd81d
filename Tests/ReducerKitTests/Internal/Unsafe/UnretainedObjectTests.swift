import Foundation
import Testing

@testable import ReducerKit

@Suite struct UnretainedObjectTests {
  final class Runner {
    var runs = 0
  }

  @Test func theAddressGivesBackTheSameObjectWithoutRetainingIt() {
    let runner = Runner()
    let before = _getRetainCount(runner)
    let address = UnretainedObject(runner)
    #expect(_getRetainCount(runner) == before)
    let same = address.unmanaged(as: Runner.self)._withUnsafeGuaranteedRef { object -> Bool in
      object.runs += 1
      return object === runner
    }
    #expect(same)
    #expect(runner.runs == 1)
    #expect(_getRetainCount(runner) == before)
  }

  @Test func theObjectLivesWhileItsOwnerDoes() {
    /// An owner and the address beside it, as `ReducerBody` keeps them.
    struct Owner {
      let object: AnyObject
      let address: UnretainedObject
    }
    weak var released: Runner?
    do {
      let owner: Owner = {
        let runner = Runner()
        released = runner
        return Owner(object: runner, address: UnretainedObject(runner))
      }()
      #expect(released != nil)
      owner.address.unmanaged(as: Runner.self)._withUnsafeGuaranteedRef { $0.runs = 5 }
      #expect((owner.object as? Runner)?.runs == 5)
    }
    #expect(released == nil)
  }
}
