import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct ChildLifetimesTests {
  struct Row: Identifiable, Equatable {
    var id: Int
    var details: Int?
  }
  struct Root {
    var sheet: Int?
    var rows: IdentifiedArrayOf<Row> = []
  }

  let sheetLocator = ChildLocator.optional(\Root.sheet, instance: { _ in nil })
  let rowsLocator = ChildLocator.element(\Root.rows)
  let detailsLocator = ChildLocator.optional(\Row.details, instance: { _ in nil })

  var sheet: ScopeComponent {
    ScopeComponent(id: EffectID(child: \Root.sheet, instance: nil), hasLifetime: true)
  }
  func row(_ id: Int) -> ScopeComponent {
    ScopeComponent(id: EffectID(child: \Root.rows, instance: AnyHashable(id)), hasLifetime: true)
  }
  var details: ScopeComponent {
    ScopeComponent(id: EffectID(child: \Row.details, instance: nil), hasLifetime: true)
  }
  func lifetime(_ path: ScopeComponent...) -> EffectKey { EffectKey(path: path, id: nil) }

  func gone(_ lifetimes: ChildLifetimes, in root: Root) -> Set<EffectKey> {
    Set(StateAddress.with(root) { lifetimes.removeGone(in: $0) })
  }

  @Test func aChildStillPresentIsNotGone() {
    let lifetimes = ChildLifetimes()
    lifetimes.watch(lifetime(sheet), locators: [sheetLocator])
    #expect(gone(lifetimes, in: Root(sheet: 1)).isEmpty)
    #expect(lifetimes.count == 1)
  }

  @Test func aChildThatWentAwayIsReportedOnceAndForgotten() {
    let lifetimes = ChildLifetimes()
    lifetimes.watch(lifetime(sheet), locators: [sheetLocator])
    #expect(gone(lifetimes, in: Root()) == [lifetime(sheet)])
    #expect(lifetimes.isEmpty)
    #expect(gone(lifetimes, in: Root()).isEmpty)
  }

  @Test func onlyTheRemovedRowsAreGone() {
    let lifetimes = ChildLifetimes()
    for id in 1...3 { lifetimes.watch(lifetime(row(id)), locators: [rowsLocator]) }
    var root = Root(rows: [Row(id: 1), Row(id: 2), Row(id: 3)])
    #expect(gone(lifetimes, in: root).isEmpty)
    root.rows.remove(id: 2)
    #expect(gone(lifetimes, in: root) == [lifetime(row(2))])
    #expect(lifetimes.count == 2)
  }

  @Test func aRowWatchedAfterTheLastCheckIsCheckedEvenWhenTheArrayDidNotChange() {
    let lifetimes = ChildLifetimes()
    let root = Root(rows: [Row(id: 1)])
    lifetimes.watch(lifetime(row(1)), locators: [rowsLocator])
    #expect(gone(lifetimes, in: root).isEmpty)
    // Row 5 was never in this array: the unchanged version must not hide that.
    lifetimes.watch(lifetime(row(5)), locators: [rowsLocator])
    #expect(gone(lifetimes, in: root) == [lifetime(row(5))])
  }

  @Test func theChildrenOfARemovedRowAreGoneWithIt() {
    let lifetimes = ChildLifetimes()
    lifetimes.watch(lifetime(row(1)), locators: [rowsLocator])
    lifetimes.watch(lifetime(row(1), details), locators: [rowsLocator, detailsLocator])
    var root = Root(rows: [Row(id: 1, details: 0)])
    #expect(gone(lifetimes, in: root).isEmpty)
    root.rows.removeAll()
    #expect(gone(lifetimes, in: root) == [lifetime(row(1)), lifetime(row(1), details)])
  }

  @Test func aNestedChildDismissedInsideAPresentRowIsGone() {
    let lifetimes = ChildLifetimes()
    lifetimes.watch(lifetime(row(1), details), locators: [rowsLocator, detailsLocator])
    var root = Root(rows: [Row(id: 1, details: 0)])
    #expect(gone(lifetimes, in: root).isEmpty)
    root.rows[id: 1]?.details = nil
    #expect(gone(lifetimes, in: root) == [lifetime(row(1), details)])
  }

  @Test func forgettingEndedChildrenStopsWatchingThem() {
    let lifetimes = ChildLifetimes()
    lifetimes.watch(lifetime(sheet), locators: [sheetLocator])
    lifetimes.watch(lifetime(row(1)), locators: [rowsLocator])
    lifetimes.forget([lifetime(sheet)])
    #expect(lifetimes.count == 1)
    #expect(gone(lifetimes, in: Root()) == [lifetime(row(1))])
  }

  @Test func watchingTwiceWatchesOnce() {
    let lifetimes = ChildLifetimes()
    lifetimes.watch(lifetime(sheet), locators: [sheetLocator])
    lifetimes.watch(lifetime(sheet), locators: [sheetLocator])
    #expect(lifetimes.count == 1)
  }
}

/// The check's cost: what adding or removing a row looks at (issue 12, item 5).
@MainActor
@Suite struct ChildLifetimesCostTests {
  struct Root {
    var rows: IdentifiedArrayOf<Row> = []
  }
  struct Row: Identifiable, Equatable {
    var id: Int
  }

  /// An element locator whose lenses count how often they run.
  func countingLocator(_ looks: Locked<Int>) -> ChildLocator {
    let element = ChildLocator.element(\Root.rows)
    return ChildLocator(
      lens: { component in
        let lens = element.lens(component)
        return { parent, body in
          looks.withLock { $0 += 1 }
          return lens(parent, body)
        }
      },
      removals: element.removals)
  }

  func row(_ id: Int) -> EffectKey {
    EffectKey(
      path: [
        ScopeComponent(
          id: EffectID(child: \Root.rows, instance: AnyHashable(id)), hasLifetime: true)
      ], id: nil)
  }

  func gone(_ lifetimes: ChildLifetimes, in root: Root) -> [EffectKey] {
    StateAddress.with(root) { lifetimes.removeGone(in: $0) }
  }

  @Test func addingAndRemovingOneRowLooksAtOneRow() {
    let looks = Locked(0)
    let locator = countingLocator(looks)
    let lifetimes = ChildLifetimes()
    var root = Root(rows: IdentifiedArray(uniqueElements: (1...1_000).map { Row(id: $0) }))
    for id in 1...1_000 { lifetimes.watch(row(id), locators: [locator]) }
    #expect(gone(lifetimes, in: root).isEmpty)

    looks.withLock { $0 = 0 }
    root.rows.append(Row(id: 1_001))
    #expect(gone(lifetimes, in: root).isEmpty)
    lifetimes.watch(row(1_001), locators: [locator])
    #expect(gone(lifetimes, in: root).isEmpty)
    root.rows.remove(id: 500)
    #expect(gone(lifetimes, in: root) == [row(500)])
    root.rows.remove(id: 1)
    #expect(gone(lifetimes, in: root) == [row(1)])
    // One look for the new row, one for each removed row: none at the other 999.
    #expect(looks.withLock { $0 } == 3)
  }

  @Test func removingSeveralRowsAtOnceLooksAtEveryRow() {
    let looks = Locked(0)
    let locator = countingLocator(looks)
    let lifetimes = ChildLifetimes()
    var root = Root(rows: IdentifiedArray(uniqueElements: (1...10).map { Row(id: $0) }))
    for id in 1...10 { lifetimes.watch(row(id), locators: [locator]) }
    #expect(gone(lifetimes, in: root).isEmpty)
    looks.withLock { $0 = 0 }
    root.rows.removeAll { $0.id.isMultiple(of: 2) }
    #expect(Set(gone(lifetimes, in: root)) == Set([2, 4, 6, 8, 10].map(row)))
    #expect(looks.withLock { $0 } == 10)
  }

  @Test func twoRemovalsBetweenChecksAreBothFound() {
    let lifetimes = ChildLifetimes()
    let locator = ChildLocator.element(\Root.rows)
    var root = Root(rows: [Row(id: 1), Row(id: 2), Row(id: 3)])
    for id in 1...3 { lifetimes.watch(row(id), locators: [locator]) }
    #expect(gone(lifetimes, in: root).isEmpty)
    root.rows.remove(id: 1)
    root.rows.remove(id: 3)
    #expect(Set(gone(lifetimes, in: root)) == [row(1), row(3)])
  }

  @Test func aReplacedArrayIsLookedAtWhole() {
    let lifetimes = ChildLifetimes()
    let locator = ChildLocator.element(\Root.rows)
    var root = Root(rows: [Row(id: 1), Row(id: 2)])
    for id in 1...2 { lifetimes.watch(row(id), locators: [locator]) }
    #expect(gone(lifetimes, in: root).isEmpty)
    root.rows = [Row(id: 2), Row(id: 3)]
    #expect(gone(lifetimes, in: root) == [row(1)])
  }
}
