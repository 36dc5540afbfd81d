import Foundation
import Testing

@testable import ReducerKit

/// The row stores' way to their elements: in place at the collection's offset when it is a
/// stored field, through the key path when it is computed; the same answers either way.
@Suite struct RowReaderTests {
  struct Row: Identifiable, Equatable {
    let id: Int
    var title = ""
  }
  struct Parent {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
    /// The same collection behind a computed property: no stored offset.
    var computedRows: IdentifiedArrayOf<Row> { rows }
  }
  enum ParentAction: Equatable {
    case rows(IdentifiedAction<Int, String>)
  }

  /// The reader of the stored collection (index 0) or of the computed one (index 1).
  static func reader(_ index: Int) -> (String, RowReader<Parent, ParentAction, Int, Row, String>) {
    index == 0
      ? ("stored", RowReader(\Parent.rows, action: ParentAction.rows))
      : ("computed", RowReader(\Parent.computedRows, action: ParentAction.rows))
  }

  /// The title of the row with `id` that `reader`'s finder finds in `parent`, or `nil`.
  func foundTitle(
    _ reader: RowReader<Parent, ParentAction, Int, Row, String>, id: Int, in parent: Parent
  ) -> String?? {
    var title: String?
    let found = StateAddress.with(parent) { parent in
      reader.makeRow(id).finder(parent) { row in
        title = row[as: Row.self].title
        return true
      }
    }
    return found == nil ? .some(nil) : title
  }

  @Test(arguments: [0, 1])
  func theFinderFindsThePresentRowAndNoOther(reader index: Int) {
    let (name, reader) = Self.reader(index)
    var parent = Parent()
    #expect(foundTitle(reader, id: 2, in: parent) == "two", "\(name)")
    #expect(foundTitle(reader, id: 3, in: parent) == .some(nil), "\(name)")
    parent.rows[id: 2] = nil
    #expect(foundTitle(reader, id: 2, in: parent) == .some(nil), "\(name)")
    #expect(foundTitle(reader, id: 1, in: parent) == "one", "\(name)")
  }

  @Test(arguments: [0, 1])
  func oneFinderFollowsItsRowWhereverTheCollectionPutsIt(reader index: Int) {
    // A finder remembers where it last found its row; every change of the ids' set or order,
    // and every other collection, must make it look again.
    let (name, reader) = Self.reader(index)
    let finder = reader.makeRow(2).finder
    func title(in parent: Parent) -> String?? {
      var title: String?
      let found = StateAddress.with(parent) { parent in
        finder(parent) { row in
          title = row[as: Row.self].title
          return true
        }
      }
      return found == nil ? .some(nil) : title
    }
    var parent = Parent()
    #expect(title(in: parent) == "two", "\(name)")
    _ = parent.rows.insert(Row(id: 0, title: "zero"), at: 0)
    #expect(title(in: parent) == "two", "\(name): after an insertion before it")
    _ = parent.rows.remove(id: 0)
    _ = parent.rows.remove(id: 1)
    #expect(title(in: parent) == "two", "\(name): after removals before it")
    _ = parent.rows.append(Row(id: 3, title: "three"))
    parent.rows.swapAt(0, 1)
    #expect(title(in: parent) == "two", "\(name): after a swap")
    parent.rows[id: 2]?.title = "renamed"
    #expect(title(in: parent) == "renamed", "\(name): after a change inside it")
    // Another collection, with another row where this one was found.
    // (The first holds row 2 at position 1 now; the other at position 0.)
    let other = Parent(rows: [Row(id: 2, title: "other"), Row(id: 3, title: "three")])
    #expect(title(in: other) == "other", "\(name): in another collection")
    #expect(title(in: parent) == "renamed", "\(name): back in the first")
    _ = parent.rows.remove(id: 2)
    #expect(title(in: parent) == .some(nil), "\(name): once removed")
    _ = parent.rows.insert(Row(id: 2, title: "back"), at: 0)
    #expect(title(in: parent) == "back", "\(name): once back")
  }

  @Test(arguments: [0, 1])
  func theProjectionAndTheEmbeddingNameTheRow(reader index: Int) {
    let (name, reader) = Self.reader(index)
    let parent = Parent()
    #expect(reader.makeRow(1).toState(parent) == Row(id: 1, title: "one"), "\(name)")
    #expect(reader.makeRow(9).toState(parent) == nil, "\(name)")
    #expect(reader.makeRow(2).embed("new") == .rows(.element(id: 2, action: "new")), "\(name)")
  }

  @Test(arguments: [0, 1])
  func theAccessTellsWhetherTheRowIsThere(reader index: Int) {
    let (name, reader) = Self.reader(index)
    var parent = Parent()
    let isPresent = reader.makeRow(2).access.isPresent
    func present(in parent: Parent) -> Bool {
      StateAddress.with(parent) { isPresent($0) }
    }
    #expect(present(in: parent), "\(name)")
    _ = parent.rows.insert(Row(id: 0, title: "zero"), at: 0)
    #expect(present(in: parent), "\(name): moved by an insertion")
    _ = parent.rows.remove(id: 2)
    #expect(!present(in: parent), "\(name): once removed")
    #expect(
      !StateAddress.with(parent) { reader.makeRow(9).access.isPresent($0) },
      "\(name): an id never there")
  }

  @Test(arguments: [0, 1])
  func theAccessCopiesThePresentRowOverTheDestinationAndLeavesItOtherwise(reader index: Int) {
    // `Row` holds a `String`: not a plain value, so the copy is made while the row is borrowed
    // and assigned after.
    let (name, reader) = Self.reader(index)
    var parent = Parent()
    let copy = reader.makeRow(2).access.copy
    var destination = Row(id: 2, title: "old")
    func copied(from parent: Parent) -> Bool {
      StateAddress.with(parent) { parent in
        withUnsafeMutablePointer(to: &destination) { copy(parent, MutableStateAddress($0)) }
      }
    }
    #expect(copied(from: parent), "\(name)")
    #expect(destination == Row(id: 2, title: "two"), "\(name)")
    parent.rows[id: 2]?.title = "renamed"
    #expect(copied(from: parent), "\(name)")
    #expect(destination.title == "renamed", "\(name)")
    _ = parent.rows.remove(id: 2)
    #expect(!copied(from: parent), "\(name): once removed")
    #expect(destination.title == "renamed", "\(name): left as it was")
  }

  /// A row that is a plain value (`_isPOD`), copied in place.
  struct PlainRow: Identifiable, Equatable {
    let id: Int
    var count = 0
  }
  struct PlainParent {
    var rows: IdentifiedArrayOf<PlainRow> = [PlainRow(id: 1, count: 1), PlainRow(id: 2, count: 2)]
  }

  @Test func theAccessCopiesAPlainRowInPlace() {
    #expect(_isPOD(PlainRow.self))
    let reader = RowReader<PlainParent, ParentAction, Int, PlainRow, String>(
      \PlainParent.rows, action: ParentAction.rows)
    var parent = PlainParent()
    let access = reader.makeRow(2).access
    var destination = PlainRow(id: 2, count: -1)
    func copied() -> Bool {
      StateAddress.with(parent) { parent in
        withUnsafeMutablePointer(to: &destination) { access.copy(parent, MutableStateAddress($0)) }
      }
    }
    #expect(copied())
    #expect(destination == PlainRow(id: 2, count: 2))
    _ = parent.rows.remove(id: 2)
    #expect(!copied())
    #expect(destination == PlainRow(id: 2, count: 2))
  }

  @Test(arguments: [0, 1])
  func theVersionsAreTheCollections(reader index: Int) {
    let (name, reader) = Self.reader(index)
    var parent = Parent()
    parent.rows[id: 2]?.title = "changed"
    let versions = StateAddress.with(parent) { reader.readVersions($0) }
    #expect(versions.structure == parent.rows._structureVersion, "\(name)")
    #expect(versions.element == parent.rows._elementVersion, "\(name)")
    #expect(versions.previousElement == parent.rows._previousElementVersion, "\(name)")
    #expect(versions.lastMutatedKey == RowKey.of(2), "\(name)")
  }

  @MainActor
  @Test func rowStoresOfAComputedCollectionReadAndSendLikeStoredOnes() {
    struct Feature: Reducer {
      struct State {
        var parent = Parent()
        var rows: IdentifiedArrayOf<Row> { parent.rows }
      }
      enum Action { case rows(IdentifiedAction<Int, String>) }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        if case .rows(.element(let id, let title)) = action {
          state.parent.rows[id: id]?.title = title
        }
        return .none
      }
    }
    let store = Store(initialState: Feature.State()) { Feature() }
    let rowStores = store.scope(state: \.rows, action: Feature.Action.rows)
    #expect(rowStores.map(\.title) == ["one", "two"])
    rowStores[1].send("renamed")
    #expect(rowStores[1].title == "renamed")
    #expect(store.withState(\.parent.rows[1].title) == "renamed")
  }
}
