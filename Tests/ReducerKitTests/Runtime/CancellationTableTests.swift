import Foundation
import Testing

@testable import ReducerKit

/// The cancellation state machine on its own: no tasks, no lock. Handles are numbers, waiters
/// are names, and each event's result says what the storage would cancel or resume.
@Suite struct CancellationTableTests {
  typealias Table = CheckedCancellationTable
  let timer = EffectKey(path: [], id: EffectID("timer"))
  let other = EffectKey(path: [], id: EffectID("other"))

  @Test func runningChildPathsNameTheInnermostChildOfEachEffectOnce() {
    var table = Table()
    let outer = ScopeComponent(id: EffectID("outer"), hasLifetime: true)
    let inner = ScopeComponent(id: EffectID("inner"), hasLifetime: true)
    let outerLife = EffectKey(path: [outer], id: nil)
    let innerLife = EffectKey(path: [outer, inner], id: nil)
    #expect(table.runningChildPaths().isEmpty)
    _ = table.reserve(keys: [timer], group: nil)
    #expect(table.runningChildPaths().isEmpty)
    _ = table.reserve(keys: [outerLife, innerLife], group: nil)
    _ = table.reserve(keys: [outerLife, innerLife, other], group: nil)
    _ = table.reserve(keys: [outerLife], group: nil)
    let paths = table.runningChildPaths()
    #expect(paths.count == 2)
    #expect(Set(paths.map(\.count)) == [1, 2])
  }

  @Test func aReservedEffectIsRunningUntilItCompletes() {
    var table = Table()
    let token = table.reserve(keys: [timer], group: nil)!
    #expect(table.count == 1)
    #expect(table.isRunning(timer))
    #expect(table.complete(token).isEmpty)
    #expect(table.count == 0)
    #expect(!table.isRunning(timer))
  }

  @Test func cancellingAKeyReturnsTheHandlesRegisteredUnderIt() {
    var table = Table()
    let first = table.reserve(keys: [timer], group: nil)!
    let second = table.reserve(keys: [timer, other], group: nil)!
    let third = table.reserve(keys: [other], group: nil)!
    #expect(table.attach(1, to: first) == nil)
    #expect(table.attach(2, to: second) == nil)
    #expect(table.attach(3, to: third) == nil)
    #expect(Set(table.cancel(timer)) == [1, 2])
    #expect(!table.isRunning(timer))
    // Cancelled effects stay in the table until their tasks end.
    #expect(table.count == 3)
    #expect(table.cancel(timer).isEmpty)
  }

  @Test func aCancelBeforeTheHandleIsAttachedHandsItBackOnAttach() {
    var table = Table()
    let token = table.reserve(keys: [timer], group: nil)!
    #expect(table.cancel(timer).isEmpty)
    #expect(table.attach(7, to: token) == 7)
  }

  @Test func attachingToAnEffectThatEndedDoesNothing() {
    var table = Table()
    let token = table.reserve(keys: [timer], group: nil)!
    _ = table.complete(token)
    #expect(table.attach(7, to: token) == nil)
    #expect(table.count == 0)
  }

  @Test func cancellingAnUnknownKeyCancelsNothing() {
    var table = Table()
    #expect(table.cancel(timer).isEmpty)
    #expect(table.count == 0)
  }

  @Test func aClosedTableCancelsEverythingAndRefusesNewEffects() {
    var table = Table()
    let token = table.reserve(keys: [], group: nil)!
    _ = table.attach(1, to: token)
    #expect(table.close() == [1])
    #expect(table.reserve(keys: [timer], group: nil) == nil)
  }

  @Test func cancelAllLeavesTheTableOpen() {
    var table = Table()
    let token = table.reserve(keys: [], group: nil)!
    _ = table.attach(1, to: token)
    #expect(table.cancelAll() == [1])
    #expect(table.reserve(keys: [timer], group: nil) != nil)
  }

  @Test func aGroupFinishesWhenItsLastEffectCompletesAndResumesItsWaiters() {
    var table = Table()
    let group = table.makeGroup()
    let first = table.reserve(keys: [], group: group)!
    let second = table.reserve(keys: [], group: group)!
    let waitsa = table.wait(for: group, "a")
    #expect(waitsa)
    let waitsb = table.wait(for: group, "b")
    #expect(waitsb)
    #expect(table.complete(first).isEmpty)
    #expect(!table.isFinished(group))
    #expect(table.complete(second) == ["a", "b"])
    #expect(table.isFinished(group))
    // A later wait returns at once.
    let waitsc = table.wait(for: group, "c")
    #expect(!waitsc)
  }

  @Test func aQueuedActionKeepsItsGroupUnfinished() {
    var table = Table()
    let group = table.makeGroup()
    table.retain(group)
    let waitsa = table.wait(for: group, "a")
    #expect(waitsa)
    #expect(table.release(group) == ["a"])
  }

  @Test func aGroupIsCancelledWhenEveryEffectItStartedWasCancelled() {
    var table = Table()
    let group = table.makeGroup()
    #expect(table.isCancelled(group), "a group that started nothing counts as cancelled")
    _ = table.reserve(keys: [timer], group: group)
    let second = table.reserve(keys: [other], group: group)!
    _ = table.attach(2, to: second)
    #expect(!table.isCancelled(group))
    _ = table.cancel(timer)
    #expect(!table.isCancelled(group))
    #expect(table.cancel(other) == [2])
    #expect(table.isCancelled(group))
  }

  @Test func cancellingAGroupCancelsItsMembersOnly() {
    var table = Table()
    let group = table.makeGroup()
    let member = table.reserve(keys: [], group: group)!
    let outsider = table.reserve(keys: [], group: nil)!
    _ = table.attach(1, to: member)
    _ = table.attach(2, to: outsider)
    #expect(table.cancel(group) == [1])
    #expect(table.isCancelled(group))
  }

  @Test func anEffectIsCancelledUntilItEndsThenUnknown() {
    var table = Table()
    let token = table.reserve(keys: [timer], group: nil)!
    #expect(table.isCancelled(effect: token) == false)
    _ = table.cancel(timer)
    #expect(table.isCancelled(effect: token) == true)
    _ = table.complete(token)
    #expect(table.isCancelled(effect: token) == nil)
  }

  @Test func aForgottenGroupKeepsItsRecordUntilItsLastWorkEnds() {
    var table = Table()
    let group = table.makeGroup()
    let token = table.reserve(keys: [], group: group)!
    table.retain(group)
    let waits = table.wait(for: group, "a")
    #expect(waits)
    table.forgetGroup(group)
    #expect(table.groupCount == 1)
    #expect(table.release(group).isEmpty)
    #expect(table.groupCount == 1)
    #expect(table.complete(token) == ["a"])
    #expect(table.groupCount == 0)
    // A forgotten id finds nothing: finished, cancelled, nothing to cancel.
    #expect(table.isFinished(group))
    #expect(table.isCancelled(group))
    #expect(table.cancel(group).isEmpty)
  }

  @Test func aGroupForgottenWithNothingPendingGoesAtOnceAndStaysQueryableUntilThen() {
    var table = Table()
    let group = table.makeGroup()
    _ = table.complete(table.reserve(keys: [], group: group)!)
    #expect(table.groupCount == 1)
    #expect(table.isFinished(group))
    #expect(!table.isCancelled(group), "its one effect ended without being cancelled")
    // A group that finished can start again (an escaped `Send`'s action counts in it).
    let again = table.reserve(keys: [], group: group)!
    #expect(!table.isFinished(group))
    _ = table.complete(again)
    table.forgetGroup(group)
    #expect(table.groupCount == 0)
    // Its slot, reused by a new group, is not the old group's.
    let next = table.makeGroup()
    #expect(next != group)
    #expect(table.isCancelled(next), "a new group has started nothing")
    table.retain(next)
    #expect(table.isFinished(group))
    #expect(!table.isFinished(next))
  }

  @Test func aChildLifetimeEndsWhenItsLastEffectCompletes() {
    var table = Table()
    let child = EffectKey(path: [ScopeComponent(id: EffectID("row"), hasLifetime: true)], id: nil)
    let first = table.reserve(keys: [child], group: nil)!
    let second = table.reserve(keys: [child], group: nil)!
    _ = table.complete(first)
    #expect(table.takeEndedLifetimes().isEmpty)
    _ = table.complete(second)
    #expect(table.takeEndedLifetimes() == [child])
    #expect(table.takeEndedLifetimes().isEmpty)
  }

  @Test func aLifetimeThatStartedAgainIsNotReportedEnded() {
    var table = Table()
    let child = EffectKey(path: [ScopeComponent(id: EffectID("row"), hasLifetime: true)], id: nil)
    _ = table.complete(table.reserve(keys: [child], group: nil)!)
    _ = table.reserve(keys: [child], group: nil)
    #expect(table.takeEndedLifetimes().isEmpty)
  }

  @Test func aWatchRecordsTheCancellationsOfItsKeysOnly() {
    var table = Table()
    let watch = table.watchCancellations(of: [timer])!
    _ = table.cancel(other)
    #expect(table.cancelledKeys(of: watch).isEmpty)
    _ = table.cancel(timer)
    #expect(table.cancelledKeys(of: watch) == [timer])
    table.endWatch(watch)
    #expect(table.watchCount == 0)
    #expect(table.cancelledKeys(of: watch).isEmpty)
  }

  @Test func watchingNoKeysMakesNoWatch() {
    var table = Table()
    #expect(table.watchCancellations(of: []) == nil)
  }

  @Test func aKeyWithSeveralEffectsRunsUntilTheLastEnds() {
    var table = Table()
    let child = EffectKey(path: [ScopeComponent(id: EffectID("row"), hasLifetime: true)], id: nil)
    let tokens = (0..<3).map { _ in table.reserve(keys: [child], group: nil)! }
    _ = table.complete(tokens[1])
    #expect(table.isRunning(child))
    #expect(table.takeEndedLifetimes().isEmpty)
    _ = table.complete(tokens[0])
    #expect(table.isRunning(child))
    _ = table.complete(tokens[2])
    #expect(!table.isRunning(child))
    #expect(table.takeEndedLifetimes() == [child])
  }

  @Test func keysWithTheSameHashKeepTheirOwnEffects() {
    var table = Table()
    let first = EffectKey(path: [], id: EffectID("a"), hash: 42)
    let second = EffectKey(path: [], id: EffectID("b"), hash: 42)
    let third = EffectKey(path: [], id: EffectID("c"), hash: 42)
    let a1 = table.reserve(keys: [first], group: nil)!
    let b = table.reserve(keys: [second], group: nil)!
    let a2 = table.reserve(keys: [first], group: nil)!
    let c = table.reserve(keys: [third], group: nil)!
    for (handle, token) in [(1, a1), (2, b), (3, a2), (4, c)] {
      #expect(table.attach(handle, to: token) == nil)
    }
    #expect(Set(table.cancel(first)) == [1, 3])
    #expect(!table.isRunning(first))
    #expect(table.isRunning(second))
    #expect(table.isRunning(third))
    _ = table.complete(b)
    #expect(!table.isRunning(second))
    #expect(table.isRunning(third))
    #expect(table.cancel(third) == [4])
    #expect(table.cancel(second).isEmpty)
  }

  @Test func reservingRoomChangesNothingElse() {
    var table = Table()
    table.reserveCapacity(1_000)
    #expect(table.count == 0)
    #expect(!table.isRunning(timer))
    let token = table.reserve(keys: [timer], group: nil)!
    #expect(table.isRunning(timer))
    _ = table.complete(token)
    #expect(table.count == 0)
  }

  @Test func aGroupCancelsTheMembersStillRunningWhicheverEnded() {
    // Members end first, last and in the middle of the group's list; then the group is
    // cancelled: exactly the members left are cancelled.
    var table = Table()
    let group = table.makeGroup()
    let tokens = (1...6).map { handle in
      let token = table.reserve(keys: [], group: group)!
      #expect(table.attach(handle, to: token) == nil)
      return token
    }
    for ended in [0, 3, 5] { _ = table.complete(tokens[ended]) }
    #expect(Set(table.cancel(group)) == [2, 3, 5])
    // A slot freed by an ended member, reused by an effect of another group, is not cancelled
    // with this one.
    let otherGroup = table.makeGroup()
    let reused = table.reserve(keys: [], group: otherGroup)!
    _ = table.attach(9, to: reused)
    #expect(!Set(table.cancel(group)).contains(9))
    for token in [tokens[1], tokens[2], tokens[4]] { _ = table.complete(token) }
    #expect(table.cancel(group).isEmpty)
    #expect(table.cancel(otherGroup) == [9])
  }

  @Test func aGroupWhoseMembersAllEndedIsFinishedAndCancelsNothing() {
    var table = Table()
    let group = table.makeGroup()
    let first = table.reserve(keys: [timer], group: group)!
    let second = table.reserve(keys: [other], group: group)!
    _ = table.attach(1, to: first)
    _ = table.attach(2, to: second)
    _ = table.complete(second)
    _ = table.complete(first)
    #expect(table.isFinished(group))
    #expect(table.cancel(group).isEmpty)
    #expect(table.count == 0)
  }

  @Test func anEndingEffectLeavesANewKeyOfTheSameHashAlone() {
    var table = Table()
    let old = EffectKey(path: [], id: EffectID("old"), hash: 7)
    let new = EffectKey(path: [], id: EffectID("new"), hash: 7)
    let first = table.reserve(keys: [old], group: nil)!
    _ = table.cancel(old)
    // The keys never shared a slot: `old` was gone when `new` came.
    let second = table.reserve(keys: [new], group: nil)!
    _ = table.complete(first)
    #expect(table.isRunning(new))
    _ = table.complete(second)
    #expect(!table.isRunning(new))
  }
}

/// A ``CancellationTable`` that checks its invariants after every event (in debug builds, where
/// `_checkInvariants()` exists): what these tests drive, so that each event they send is also
/// checked against every rule the table keeps.
struct CheckedCancellationTable {
  typealias Base = CancellationTable<Int, String>
  private var base = Base()

  private mutating func checked<R>(_ event: (inout Base) -> R) -> R {
    let result = event(&base)
    #if DEBUG
    base._checkInvariants()
    #endif
    return result
  }

  var count: Int { base.count }
  var groupCount: Int { base.groupCount }
  var watchCount: Int { base.watchCount }
  func isRunning(_ key: EffectKey) -> Bool { base.isRunning(key) }
  func isCancelled(effect token: UInt64) -> Bool? { base.isCancelled(effect: token) }
  func isCancelled(_ group: GroupID) -> Bool { base.isCancelled(group) }
  func isFinished(_ group: GroupID) -> Bool { base.isFinished(group) }
  func runningChildPaths() -> [ScopePath] { base.runningChildPaths() }
  func cancelledKeys(of watch: UInt64) -> Set<EffectKey> { base.cancelledKeys(of: watch) }

  mutating func reserveCapacity(_ additional: Int) {
    checked { $0.reserveCapacity(additional) }
  }
  mutating func reserve(keys: EffectKeys, group: GroupID?) -> UInt64? {
    checked { $0.reserve(keys: keys, group: group) }
  }
  mutating func makeGroup() -> GroupID { checked { $0.makeGroup() } }
  mutating func forgetGroup(_ group: GroupID) { checked { $0.forgetGroup(group) } }
  mutating func attach(_ handle: Int, to token: UInt64) -> Int? {
    checked { $0.attach(handle, to: token) }
  }
  mutating func complete(_ token: UInt64) -> [String] { checked { $0.complete(token) } }
  mutating func cancel(_ key: EffectKey) -> [Int] { checked { $0.cancel(key) } }
  mutating func cancel(_ group: GroupID) -> [Int] { checked { $0.cancel(group) } }
  mutating func close() -> [Int] { checked { $0.close() } }
  mutating func cancelAll() -> [Int] { checked { $0.cancelAll() } }
  mutating func takeEndedLifetimes() -> [EffectKey] { checked { $0.takeEndedLifetimes() } }
  mutating func watchCancellations(of keys: Set<EffectKey>) -> UInt64? {
    checked { $0.watchCancellations(of: keys) }
  }
  mutating func endWatch(_ watch: UInt64) { checked { $0.endWatch(watch) } }
  mutating func retain(_ group: GroupID) { checked { $0.retain(group) } }
  mutating func release(_ group: GroupID) -> [String] { checked { $0.release(group) } }
  mutating func wait(for group: GroupID, _ waiter: String) -> Bool {
    checked { $0.wait(for: group, waiter) }
  }
}
