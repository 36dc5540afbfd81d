import Foundation
import Testing

@testable import ReducerKit

/// The type in the documentation of `diff(_:_:)`, declared at file scope so that it dumps as
/// `State`, as it does in an app.
private struct State {
  var count = 0
  var title = "Groceries"
  var isLoading = false
  var page = 1
}

@Suite("diff, debugDiff and lineDiff")
struct DiffTests {
  // MARK: - Fixtures

  enum Todos {
    struct State {
      var count = 0
      var title = "Groceries"
      var filter: Filter? = .all
      var rows: [Row] = [
        Row(id: 1, name: "Milk"),
        Row(id: 2, name: "Eggs"),
        Row(id: 3, name: "Bread"),
      ]
      var mode = Mode.editing(id: 2)
    }

    struct Row {
      var id: Int
      var name: String
    }

    enum Filter {
      case all
      case done
    }

    enum Mode {
      case browsing
      case editing(id: Int)
    }
  }

  // MARK: - No change

  @Test func equalValuesHaveNoDiff() {
    #expect(debugDiff(Todos.State(), Todos.State()) == nil)
    #expect(debugDiff(Todos.Mode.browsing, Todos.Mode.browsing) == nil)
    #expect(lineDiff("a\nb", "a\nb") == nil)
    #expect(lineDiff("", "") == nil)
  }

  // MARK: - Changes in values

  @Test func oneChangedFieldShowsOnlyThatFieldWithContext() {
    var actual = Todos.State()
    actual.title = "Chores"
    #expect(
      debugDiff(Todos.State(), actual) == """
          Todos.State(
            count: 0,
        −   title: "Groceries",
        +   title: "Chores",
            filter: .all,
            rows: [
        …
        """)
  }

  @Test func oneChangedArrayElementField() {
    var actual = Todos.State()
    actual.rows[1].name = "Butter"
    #expect(
      debugDiff(Todos.State(), actual) == """
        …
              [1]: Todos.Row(
                id: 2,
        −       name: "Eggs",
        +       name: "Butter",
              ),
              [2]: Todos.Row(
        …
        """)
  }

  @Test func changedEnumAndOptional() {
    var actual = Todos.State()
    actual.filter = nil
    actual.mode = .browsing
    #expect(
      debugDiff(Todos.State(), actual, context: 1) == """
        …
            title: "Groceries",
        −   filter: .all,
        +   filter: nil,
            rows: [
        …
            ],
        −   mode: .editing(id: 2),
        +   mode: .browsing,
          )
        """)
  }

  @Test func addedArrayElement() {
    var actual = Todos.State()
    actual.rows.append(Todos.Row(id: 4, name: "Jam"))
    #expect(
      debugDiff(Todos.State(), actual) == """
        …
                name: "Bread",
              ),
        +     [3]: Todos.Row(
        +       id: 4,
        +       name: "Jam",
        +     ),
            ],
            mode: .editing(id: 2),
        …
        """)
  }

  @Test func removedArrayElement() {
    var actual = Todos.State()
    actual.rows.removeLast()
    #expect(
      debugDiff(Todos.State(), actual) == """
        …
                name: "Eggs",
              ),
        −     [2]: Todos.Row(
        −       id: 3,
        −       name: "Bread",
        −     ),
            ],
            mode: .editing(id: 2),
        …
        """)
  }

  @Test func removedFirstElementShiftsTheIndexes() {
    #expect(
      debugDiff(["a", "b"], ["b"]) == """
          [
        −   [0]: "a",
        −   [1]: "b",
        +   [0]: "b",
          ]
        """)
  }

  @Test func differentTopLevelEnumCases() {
    #expect(
      debugDiff(Todos.Mode.browsing, Todos.Mode.editing(id: 1)) == """
        − Todos.Mode.browsing
        + Todos.Mode.editing(id: 1)
        """)
  }

  // MARK: - The line diff

  @Test func largeUnchangedRegionsCollapse() {
    let old = (1...20).map { "line \($0)" }
    var new = old
    new[4] = "LINE 5"
    new[15] = "LINE 16"
    #expect(
      lineDiff(old.joined(separator: "\n"), new.joined(separator: "\n")) == """
        …
          line 3
          line 4
        − line 5
        + LINE 5
          line 6
          line 7
        …
          line 14
          line 15
        − line 16
        + LINE 16
          line 17
          line 18
        …
        """)
  }

  @Test func nearbyChangesShareTheirContext() {
    let old = "1\n2\n3\n4\n5\n6\n7\n8\n9"
    let new = "1\n2\nthree\n4\n5\nsix\n7\n8\n9"
    #expect(
      lineDiff(old, new, context: 2) == """
          1
          2
        − 3
        + three
          4
          5
        − 6
        + six
          7
          8
        …
        """)
  }

  @Test func contextZeroShowsOnlyChanges() {
    #expect(
      lineDiff("a\nb\nc\nd", "a\nB\nc\nd", context: 0) == """
        …
        − b
        + B
        …
        """)
    #expect(lineDiff("a\nb", "a\nc", context: -3) == lineDiff("a\nb", "a\nc", context: 0))
  }

  @Test func removalsComeBeforeInsertions() {
    #expect(
      lineDiff("x\na\nb\ny", "x\nc\nd\ny") == """
          x
        − a
        − b
        + c
        + d
          y
        """)
  }

  @Test func insertionIntoEmptyText() {
    // The empty text is one empty line.
    #expect(lineDiff("", "a\nb") == "\u{2212} \n+ a\n+ b")
  }

  @Test func diffIsMinimalInsideLongTexts() {
    let old = (0..<1_000).map { "row \($0)" }
    var new = old
    new.insert("inserted", at: 500)
    new.remove(at: 800)
    #expect(
      lineDiff(old.joined(separator: "\n"), new.joined(separator: "\n"), context: 1) == """
        …
          row 499
        + inserted
          row 500
        …
          row 798
        − row 799
          row 800
        …
        """)
  }

  @Test func hugeChangesFallBackToOneReplacedBlock() {
    // 4,002 × 4,002 line pairs is beyond the LCS table limit.
    let middle = (0..<4_000).map { "same \($0)" }
    let old = (["old first"] + middle + ["old last"]).joined(separator: "\n")
    let new = (["new first"] + middle + ["new last"]).joined(separator: "\n")
    let lines = lineDiff(old, new)?.split(separator: "\n") ?? []
    #expect(lines.count == 8_004)
    #expect(lines.first == "− old first")
    #expect(lines[4_001] == "− old last")
    #expect(lines[4_002] == "+ new first")
    #expect(lines.last == "+ new last")
  }

  @Test func diffIsDeterministic() {
    var actual = Todos.State()
    actual.rows.reverse()
    let first = debugDiff(Todos.State(), actual)
    #expect(first != nil)
    #expect(debugDiff(Todos.State(), actual) == first)
  }

  // MARK: - The public diff

  @Test func publicDiffIsNilForValuesThatDumpTheSame() {
    #expect(diff(State(), State()) == nil)
    #expect(diff(Todos.State(), Todos.State()) == nil)
    #expect(diff(1, 1) == nil)
  }

  @Test func publicDiffShowsTheDocumentedExample() {
    var new = State()
    new.count = 1
    #expect(
      diff(State(), new) == """
          State(
        −   count: 0,
        +   count: 1,
            title: "Groceries",
            isLoading: false,
        …
        """)
  }

  @Test func publicDiffIsTheDiffTestStoreShows() {
    var actual = Todos.State()
    actual.title = "Errands"
    actual.mode = .browsing
    #expect(diff(Todos.State(), actual) != nil)
    #expect(diff(Todos.State(), actual) == debugDiff(Todos.State(), actual))
    // The first value is the `−` side, the second the `+` side.
    #expect(diff(1, 2) == "\u{2212} 1\n+ 2")
    #expect(diff(2, 1) == "\u{2212} 2\n+ 1")
  }

  // MARK: - The sample in the brief

  @Test func sampleStateDumpAndDiff() {
    #expect(
      debugDump(Todos.State()) == """
        Todos.State(
          count: 0,
          title: "Groceries",
          filter: .all,
          rows: [
            [0]: Todos.Row(
              id: 1,
              name: "Milk",
            ),
            [1]: Todos.Row(
              id: 2,
              name: "Eggs",
            ),
            [2]: Todos.Row(
              id: 3,
              name: "Bread",
            ),
          ],
          mode: .editing(id: 2),
        )
        """)
    var actual = Todos.State()
    actual.rows[0] = Todos.Row(id: 9, name: "Oat milk")
    #expect(
      debugDiff(Todos.State(), actual) == """
        …
            rows: [
              [0]: Todos.Row(
        −       id: 1,
        −       name: "Milk",
        +       id: 9,
        +       name: "Oat milk",
              ),
              [1]: Todos.Row(
        …
        """)
  }
}
