import Foundation
import Testing

@testable import ReducerKit

/// The types in the documentation of `debugDump(_:)`, declared at file scope so that they dump
/// with their plain names, as they do in an app.
private struct Row {
  var id: Int
  var title: String
}

private enum Filter {
  case all, tagged(String)
}

private struct DocState {
  var rows = [Row(id: 1, title: "Milk")]
  var filter = Filter.tagged("home")
}

@Suite("debugDump")
struct DumpTests {
  // MARK: - Fixtures

  /// A feature namespace, as in an app: its types dump as `Counter.State`, `Counter.Action`.
  enum Counter {
    struct State {
      var count = 0
      var title = "Groceries"
      var details = Details()
    }

    struct Details {
      var isExpanded = false
      var note: String? = nil
    }

    enum Action {
      case increment
      case setTitle(String)
      case row(id: Int, name: String)
      case pair(Int, String)
      case select(id: Int)
      case details(Details)
    }
  }

  struct Row: Identifiable {
    var id: Int
    var name: String
  }

  struct Empty {}

  struct Box<Value> {
    var value: Value
  }

  enum Loadable<Value> {
    case idle
    case loaded(Value)
  }

  indirect enum Expression {
    case number(Int)
    case add(Expression, Expression)
    case negate(Expression)
  }

  class Animal {
    var name: String
    init(name: String) { self.name = name }
  }

  final class Dog: Animal {
    var isGood = true
  }

  final class Node {
    var value: Int
    var next: Node?
    init(value: Int, next: Node? = nil) {
      self.value = value
      self.next = next
    }
  }

  struct Money: CustomStringConvertible {
    var description: String { "$4.20" }
  }

  enum Priority: CustomStringConvertible {
    case low
    case high
    var description: String { "priority" }
  }

  /// An `IdentifiedArray`-like collection: ids in order and elements in a dictionary, so its
  /// stored properties are not the elements as the user sees them.
  struct MiniIdentifiedArray<Element: Identifiable>: RandomAccessCollection {
    private var ids: [Element.ID] = []
    private var storage: [Element.ID: Element] = [:]

    init(_ elements: [Element]) {
      for element in elements {
        ids.append(element.id)
        storage[element.id] = element
      }
    }

    var startIndex: Int { ids.startIndex }
    var endIndex: Int { ids.endIndex }
    subscript(position: Int) -> Element { storage[ids[position]]! }
  }

  // MARK: - Structs

  @Test func structShowsOnePropertyPerLine() {
    #expect(
      debugDump(Row(id: 1, name: "Milk")) == """
        DumpTests.Row(
          id: 1,
          name: "Milk",
        )
        """)
  }

  @Test func nestedStructsIndentAndUseTheirTwoLastNameComponents() {
    let state = Counter.State(details: Counter.Details(isExpanded: true, note: "Buy milk"))
    #expect(
      debugDump(state) == """
        Counter.State(
          count: 0,
          title: "Groceries",
          details: Counter.Details(
            isExpanded: true,
            note: "Buy milk",
          ),
        )
        """)
  }

  @Test func emptyStruct() {
    #expect(debugDump(Empty()) == "DumpTests.Empty()")
  }

  @Test func localTypesAreNamedAfterTheirEnclosingType() {
    struct Local { var flag = false }
    #expect(
      debugDump(Local()) == """
        DumpTests.Local(
          flag: false,
        )
        """)
  }

  // MARK: - Enums

  @Test func enumWithoutPayloadIsQualifiedAtTopLevel() {
    #expect(debugDump(Counter.Action.increment) == "Counter.Action.increment")
  }

  @Test func enumWithUnlabeledPayload() {
    #expect(debugDump(Counter.Action.setTitle("Todo")) == #"Counter.Action.setTitle("Todo")"#)
  }

  @Test func enumWithLabeledPayloadShowsLabels() {
    #expect(
      debugDump(Counter.Action.row(id: 1, name: "A")) == #"Counter.Action.row(id: 1, name: "A")"#)
    #expect(debugDump(Counter.Action.select(id: 7)) == "Counter.Action.select(id: 7)")
  }

  @Test func enumWithSeveralUnlabeledValues() {
    #expect(debugDump(Counter.Action.pair(2, "b")) == #"Counter.Action.pair(2, "b")"#)
  }

  @Test func enumWithStructPayloadBreaksIntoLines() {
    #expect(
      debugDump(Counter.Action.details(Counter.Details())) == """
        Counter.Action.details(
          Counter.Details(
            isExpanded: false,
            note: nil,
          ),
        )
        """)
  }

  @Test func nestedEnumIsNotQualified() {
    #expect(
      debugDump(Box(value: Counter.Action.increment)) == """
        DumpTests.Box<Counter.Action>(
          value: .increment,
        )
        """)
  }

  @Test func enumWithCustomDescriptionStillShowsItsCaseName() {
    #expect(debugDump(Priority.high) == "DumpTests.Priority.high")
    #expect(
      debugDump(Box(value: Priority.low)) == """
        DumpTests.Box<DumpTests.Priority>(
          value: .low,
        )
        """)
  }

  @Test func indirectEnum() {
    let expression = Expression.add(.number(1), .negate(.number(2)))
    #expect(debugDump(expression) == "DumpTests.Expression.add(.number(1), .negate(.number(2)))")
  }

  @Test func longPayloadBreaksIntoLines() {
    let action = Counter.Action.row(id: 1, name: String(repeating: "x", count: 70))
    #expect(
      debugDump(action) == """
        Counter.Action.row(
          id: 1,
          name: "\(String(repeating: "x", count: 70))",
        )
        """)
  }

  // MARK: - Generic types

  @Test func genericStructAndEnumNameTheirArguments() {
    #expect(
      debugDump(Box(value: Loadable<Int>.loaded(3))) == """
        DumpTests.Box<DumpTests.Loadable<Int>>(
          value: .loaded(3),
        )
        """)
    #expect(debugDump(Loadable<[String]>.idle) == "DumpTests.Loadable<Array<String>>.idle")
  }

  // MARK: - Collections

  @Test func arrayShowsIndexedElements() {
    #expect(
      debugDump([Row(id: 1, name: "A"), Row(id: 2, name: "B")]) == """
        [
          [0]: DumpTests.Row(
            id: 1,
            name: "A",
          ),
          [1]: DumpTests.Row(
            id: 2,
            name: "B",
          ),
        ]
        """)
    #expect(
      debugDump([1, 2]) == """
        [
          [0]: 1,
          [1]: 2,
        ]
        """)
  }

  @Test func emptyCollections() {
    #expect(debugDump([Int]()) == "[]")
    #expect(debugDump([String: Int]()) == "[:]")
    #expect(debugDump(Set<Int>()) == "Set([])")
    #expect(debugDump(MiniIdentifiedArray<Row>([])) == "[]")
  }

  @Test func dictionaryKeysAreSorted() {
    let scores = [10: "ten", 2: "two", 1: "one"]
    #expect(
      debugDump(scores) == """
        [
          1: "one",
          2: "two",
          10: "ten",
        ]
        """)
    #expect(
      debugDump(["b": [1], "a": []]) == """
        [
          "a": [],
          "b": [
            [0]: 1,
          ],
        ]
        """)
  }

  @Test func dictionaryDumpDoesNotDependOnInsertionOrder() {
    var forward: [String: Int] = [:]
    var backward: [String: Int] = [:]
    let keys = (0..<50).map { "key\($0)" }
    for (index, key) in keys.enumerated() { forward[key] = index }
    for (index, key) in keys.enumerated().reversed() { backward[key] = index }
    #expect(debugDump(forward) == debugDump(backward))
  }

  @Test func heterogeneousKeysSortByTypeThenValue() {
    let values: [AnyHashable: Int] = ["b": 1, 2: 2, "a": 3, 1: 4]
    #expect(
      debugDump(values) == """
        [
          1: 4,
          2: 2,
          "a": 3,
          "b": 1,
        ]
        """)
  }

  @Test func setElementsAreSorted() {
    #expect(
      debugDump(Set(["pear", "apple", "fig"])) == """
        Set([
          "apple",
          "fig",
          "pear",
        ])
        """)
  }

  @Test func identifiedArrayLikeCollectionShowsItsElements() {
    let rows = MiniIdentifiedArray([Row(id: 3, name: "C"), Row(id: 1, name: "A")])
    #expect(
      debugDump(rows) == """
        [
          [0]: DumpTests.Row(
            id: 3,
            name: "C",
          ),
          [1]: DumpTests.Row(
            id: 1,
            name: "A",
          ),
        ]
        """)
  }

  // MARK: - Optionals

  @Test func optionalsShowTheWrappedValueOrNil() {
    let some: Int? = 5
    let none: Int? = nil
    #expect(debugDump(some as Any) == "5")
    #expect(debugDump(none as Any) == "nil")
    #expect(
      debugDump(Counter.Details(note: "x")) == """
        Counter.Details(
          isExpanded: false,
          note: "x",
        )
        """)
  }

  @Test func nestedOptionals() {
    let someSome: Int?? = .some(.some(1))
    let someNone: Int?? = .some(.none)
    let none: Int?? = .none
    #expect(debugDump(someSome as Any) == "1")
    #expect(debugDump(someNone as Any) == "nil")
    #expect(debugDump(none as Any) == "nil")
    #expect(debugDump(Optional(Counter.Action.increment) as Any) == "Counter.Action.increment")
  }

  // MARK: - Tuples

  @Test func tuples() {
    #expect(debugDump((a: 1, b: 2)) == "(a: 1, b: 2)")
    #expect(debugDump((1, "x", true)) == #"(1, "x", true)"#)
    #expect(
      debugDump((row: Row(id: 1, name: "A"), count: 2)) == """
        (
          row: DumpTests.Row(
            id: 1,
            name: "A",
          ),
          count: 2,
        )
        """)
  }

  // MARK: - Classes

  @Test func classShowsInheritedPropertiesFirst() {
    #expect(
      debugDump(Dog(name: "Rex")) == """
        DumpTests.Dog(
          name: "Rex",
          isGood: true,
        )
        """)
  }

  @Test func classCycleIsCut() {
    let first = Node(value: 1)
    first.next = Node(value: 2, next: first)
    #expect(
      debugDump(first) == """
        DumpTests.Node(
          value: 1,
          next: DumpTests.Node(
            value: 2,
            next: DumpTests.Node(↩︎),
          ),
        )
        """)
    first.next = nil  // Break the cycle so both nodes are freed.
  }

  @Test func sharedInstanceOffThePathIsShownAgain() {
    let shared = Node(value: 9)
    #expect(
      debugDump([shared, shared]) == """
        [
          [0]: DumpTests.Node(
            value: 9,
            next: nil,
          ),
          [1]: DumpTests.Node(
            value: 9,
            next: nil,
          ),
        ]
        """)
  }

  // MARK: - Leaves

  @Test func stringsAreQuotedWithEscapes() {
    #expect(debugDump("plain") == #""plain""#)
    #expect(debugDump("say \"hi\"\nthen\tgo \\ home") == #""say \"hi\"\nthen\tgo \\ home""#)
    #expect(debugDump("bell\u{7}") == #""bell\u{7}""#)
    #expect(debugDump("café 👋") == #""café 👋""#)
    #expect(debugDump(Character("c")) == #""c""#)
  }

  @Test func numbersAndBoolsArePlain() {
    #expect(debugDump(42) == "42")
    #expect(debugDump(-1.5) == "-1.5")
    #expect(debugDump(UInt8(7)) == "7")
    #expect(debugDump(false) == "false")
  }

  @Test func leafWithDescriptionUsesIt() {
    #expect(debugDump(Money()) == "$4.20")
  }

  @Test func standardLibraryValuesUseTheirDescription() {
    #expect(debugDump(0..<3) == "0..<3")
    #expect(debugDump(Duration.seconds(2)) == "2.0 seconds")
  }

  @Test func metatypes() {
    #expect(debugDump(Counter.State.self) == "Counter.State.self")
    #expect(debugDump([Int].self) == "Array<Int>.self")
  }

  @Test func dumpIsDeterministic() {
    let state = Box(value: Set((0..<20).map { "element \($0)" }))
    #expect(debugDump(state) == debugDump(state))
  }

  // MARK: - Custom dump values

  /// A value that dumps as another one, as `TextState` dumps as its string.
  struct Wrapped: CustomDumpRepresentable {
    var text: String
    var customDumpValue: Any { text }
  }

  @Test func customDumpRepresentableDumpsItsCustomValue() {
    struct Holder {
      var wrapped = Wrapped(text: "A")
      var list = [Wrapped(text: "B")]
    }
    #expect(debugDump(Wrapped(text: "x")) == "\"x\"")
    #expect(
      debugDump(Holder()) == """
        DumpTests.Holder(
          wrapped: "A",
          list: [
            [0]: "B",
          ],
        )
        """)
  }

  // MARK: - The documented example

  @Test func documentedExample() {
    #expect(
      debugDump(DocState()) == """
        DocState(
          rows: [
            [0]: Row(
              id: 1,
              title: "Milk",
            ),
          ],
          filter: .tagged("home"),
        )
        """)
  }

  // MARK: - Property wrappers (issue 39, item 9)

  struct Presenting {
    @PresentationState var destination: String?
    var other = 1
  }

  @Test func aPropertyWrappersStorageDumpsUnderThePropertysName() {
    var state = Presenting()
    #expect(
      debugDump(state) == """
        DumpTests.Presenting(
          destination: nil,
          other: 1,
        )
        """)
    state.destination = "sheet"
    #expect(debugDump(state).contains("  destination: \"sheet\","))
    #expect(!debugDump(state).contains("_destination"))
  }

  @Test func aCaseTheRuntimeCannotNameIsNamedByItsTag() {
    // What a dump shows for an enum compiled without reflection metadata.
    #expect(ValueDumper.unnamedCaseName(of: Filter.all) == "<case tag 1>")
    #expect(ValueDumper.unnamedCaseName(of: Filter.tagged("a")) == "<case tag 0>")
    #expect(ValueDumper.unnamedCaseName(of: 42) == "42")
  }
}
