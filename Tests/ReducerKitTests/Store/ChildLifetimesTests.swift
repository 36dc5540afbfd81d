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
    Set(withUnsafePointer(to: root) { lifetimes.removeGone(in: UnsafeRawPointer($0)) })
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
