import Foundation
import Testing

@testable import ReducerKit

@Suite struct SharedKeyTests {
  struct HashableKey: SharedReaderKey, Hashable {
    var name: String
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      continuation.resume(returning: name.count)
    }
    func subscribe(
      context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
    ) -> SharedSubscription {
      SharedSubscription {}
    }
  }

  @Test func aHashableKeyIsItsOwnID() {
    #expect(HashableKey(name: "a").id == HashableKey(name: "a"))
    @SharedReader(HashableKey(name: "four")) var length = 0
    #expect(length == 4)
  }

  @Test func aLoadContextKnowsItsInitialValue() {
    #expect(LoadContext.initialValue(3).initialValue == 3)
    #expect(LoadContext<Int>.userInitiated.initialValue == nil)
  }

  @Test func aSubscriptionCancelsOnceWhenCancelledOrReleased() {
    let cancels = Locked(0)
    let subscription = SharedSubscription { cancels.withLock { $0 += 1 } }
    subscription.cancel()
    subscription.cancel()
    #expect(cancels.withLock { $0 } == 1)
    do { _ = SharedSubscription { cancels.withLock { $0 += 1 } } }
    #expect(cancels.withLock { $0 } == 2)
  }
}
