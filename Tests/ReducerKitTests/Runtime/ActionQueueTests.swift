import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct ActionQueueTests {
  /// Takes every waiting action, in the order the queue gives them.
  func drain(_ queue: inout ActionQueue<String>) -> [String] {
    var actions: [String] = []
    while let entry = queue.next() { actions.append(entry.action) }
    return actions
  }

  @Test func actionsComeOutInTheOrderTheyWereAppended() {
    var queue = ActionQueue<String>()
    for action in ["a", "b", "c"] { queue.append(action, group: nil) }
    #expect(drain(&queue) == ["a", "b", "c"])
  }

  @Test func countAndIsEmptyFollowAppendsAndTakes() {
    var queue = ActionQueue<String>()
    #expect(queue.isEmpty)
    #expect(queue.count == 0)
    queue.append("a", group: nil)
    queue.append("b", group: nil)
    #expect(!queue.isEmpty)
    #expect(queue.count == 2)
    _ = queue.next()
    #expect(queue.count == 1)
    _ = queue.next()
    #expect(queue.isEmpty)
    #expect(queue.count == 0)
  }

  @Test func appendingWhileDrainingKeepsTheOrder() {
    var queue = ActionQueue<String>()
    queue.append("a", group: nil)
    queue.append("b", group: nil)
    #expect(queue.next()?.action == "a")
    // As a re-entrant send does: appended while the earlier actions are being taken.
    queue.append("c", group: nil)
    #expect(queue.count == 2)
    #expect(queue.next()?.action == "b")
    queue.append("d", group: nil)
    #expect(drain(&queue) == ["c", "d"])
  }

  @Test func theGroupAndThePresenceCheckAreCarried() {
    var queue = ActionQueue<String>()
    let group = EffectRegistry().makeGroup()
    let present = Log<Bool>()
    present.append(true)
    queue.append("child", group: group, isPresent: { present.values.last! })
    queue.append("plain", group: nil)
    let child = queue.next()
    #expect(child?.group === group)
    #expect(child?.isPresent?() == true)
    present.append(false)
    #expect(child?.isPresent?() == false)
    let plain = queue.next()
    #expect(plain?.group == nil)
    #expect(plain?.isPresent == nil)
  }

  @Test func nextIsNilWhenEmptyAndTheQueueIsReusableAfterwards() {
    var queue = ActionQueue<String>()
    #expect(queue.next() == nil)
    queue.append("a", group: nil)
    queue.append("b", group: nil)
    #expect(drain(&queue) == ["a", "b"])
    #expect(queue.next() == nil)
    // The storage was reset by the `nil` above: new actions start again from the front.
    queue.append("c", group: nil)
    #expect(queue.count == 1)
    #expect(drain(&queue) == ["c"])
    #expect(queue.isEmpty)
  }

  @Test func aLargeQueueIsReusableAfterItsStorageIsReleased() {
    var queue = ActionQueue<String>()
    let actions = (0..<2_000).map(String.init)
    for action in actions { queue.append(action, group: nil) }
    #expect(drain(&queue) == actions)
    queue.append("after", group: nil)
    #expect(drain(&queue) == ["after"])
  }
}
