import Foundation
import Testing

@testable import ReducerKit

private enum SamePayload: Equatable {
  case a(Int)
  case b(Int)
  case c(String)
}

private enum Action {
  case row(id: Int, name: String)
  case pair(Int, String)
  case labeled(value: Int)
  case other(Int)
}

private enum Mixed: Equatable {
  case first
  case number(Int)
  case second
  case text(String)
  case third
  case list([String])
  case nested(Nested)
}

private enum Nested: Equatable {
  case leaf(String)
  case pair(String, [Int])
  case none
}

private enum WithIndirect: Equatable {
  case direct(String)
  indirect case boxed(String)
  indirect case big(Int, Int, Int, String)
  indirect case vector(SIMD4<Float>)
  case empty
}

private indirect enum Tree: Equatable {
  case leaf(Int)
  case node(Tree, Tree)
  case empty
}

private enum Generic<T> {
  case a(T)
  case b(T)
  case c(Int)
  case none
}

private struct Outer<T> {
  enum Inner {
    case value(T)
    case values([T])
    case count(Int)
  }
}

private class Animal {
  let name: String
  init(name: String) { self.name = name }
}

private final class Cat: Animal {}

private enum Pet {
  case cat(Cat)
  case animal(Animal)
  case none
}

private protocol Shape {
  var area: Double { get }
}

private struct Square: Shape {
  var side: Double
  var area: Double { side * side }
}

private struct Failure: Error, Equatable {
  var code: Int
}

private enum Existential {
  case shape(any Shape)
  case error(any Error)
  case square(Square)
}

private enum Empty: Equatable {
  case void(Void)
  case unit(())
  case none

  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.void, .void), (.unit, .unit), (.none, .none): true
    default: false
    }
  }
}

private final class Tracked {}

private enum Holder {
  case object(Tracked)
  case objects([Tracked], String)
  indirect case boxed(Tracked)
  case text(String)
  case none
}

private enum Single {
  case only(String)
}

/// A payload larger than the 256 bytes of stack scratch space the fast path uses.
private struct Large: Equatable {
  var numbers = [Int](repeating: 7, count: 3)
  var words: SIMD32<UInt64> = .init(repeating: 9)
  var more: SIMD8<UInt64> = .init(repeating: 1)
  var text = longText
}

private enum WithLarge: Equatable {
  case large(Large)
  case other(Large)
  case small(Int)
}

private enum Functions {
  case transform((Int) -> Int)
  case number(Int)
}

private enum Converting {
  case animal(Animal)
  case cat(Cat)
  case optional(Int?)
  case number(Int)
}

/// A string long enough to live on the heap, so that refcounting mistakes show up.
private let longText = "a string well beyond the fifteen bytes stored inline"

/// Collects the runtime warnings whose message contains `marker` while `body` runs. The handler
/// is task-local, so warnings raised by tests running in parallel are not mixed in.
private func warnings(containing marker: String, _ body: () -> Void) -> [String] {
  let collected = Locked<[String]>([])
  let handler = RuntimeWarnings.TaskHandler { warning in
    guard warning.message.contains(marker) else { return false }
    collected.withLock { $0.append(warning.message) }
    return true
  }
  RuntimeWarnings.$taskHandler.withValue(handler) {
    body()
  }
  return collected.withLock { $0 }
}

/// A child feature's state: a struct, which a case path cannot learn its case from without
/// reflection metadata.
private struct FormState: Equatable {
  var name = ""
}

private enum Screen: Equatable {
  case form(FormState)
  case mixed(Mixed)
}

/// Checks that a fatal error's message, printed to standard error, contains `parts`.
private func expectMessage(
  of result: ExitTest.Result?, contains parts: String...,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  for part in parts {
    #expect(message.contains(part), "\(part) not in: \(message)", sourceLocation: sourceLocation)
  }
}

@Suite struct CasePathTests {
  @Test func extractsOnlyItsOwnCaseWhenTwoCasesShareAPayloadType() {
    let a = CasePath(SamePayload.a)
    let b = CasePath(SamePayload.b)
    #expect(a.extract(from: .a(1)) == 1)
    #expect(a.extract(from: .b(1)) == nil)
    #expect(a.extract(from: .c("1")) == nil)
    #expect(b.extract(from: .b(2)) == 2)
    #expect(b.extract(from: .a(2)) == nil)
  }

  @Test func visitCaseReadsAConstructorMadePathDirectlyAndAClosureMadeOneThroughItsVisitor() {
    func visited<Root, Value>(_ path: CasePath<Root, Value>, _ root: Root) -> [Value] {
      var values: [Value] = []
      let found = visitCase(
        root, selection: path.selection, embed: path.embedder, visitor: path.visitor
      ) { values.append($0) }
      #expect(found == !values.isEmpty)
      return values
    }
    let constructorMade = CasePath(Mixed.text)
    #expect(constructorMade.selection != nil)
    #expect(visited(constructorMade, .text(longText)) == [longText])
    #expect(visited(constructorMade, .number(1)).isEmpty)
    #expect(visited(CasePath(WithIndirect.boxed), .boxed("in a box")) == ["in a box"])
    let closureMade = CasePath<Mixed, Int>(
      embed: Mixed.number, extract: { if case .number(let n) = $0 { n } else { nil } })
    #expect(closureMade.selection == nil)
    #expect(visited(closureMade, .number(7)) == [7])
    #expect(visited(closureMade, .first).isEmpty)
  }

  @Test func embedBuildsTheCase() {
    #expect(CasePath(SamePayload.b).embed(3) == .b(3))
    #expect(CasePath(Mixed.text).embed(longText) == .text(longText))
  }

  @Test func labeledPayloadExtractsAsAnUnlabeledTuple() {
    let row = CasePath(Action.row)
    let value = row.extract(from: .row(id: 7, name: longText))
    #expect(value?.0 == 7)
    #expect(value?.1 == longText)
    #expect(row.extract(from: .pair(7, longText)) == nil)
  }

  @Test func labeledPayloadReadsByLabelWhenTheTypeIsWritten() {
    let row = CasePath<Action, (id: Int, name: String)>(Action.row)
    let value = row.extract(from: .row(id: 8, name: "Blob"))
    #expect(value?.id == 8)
    #expect(value?.name == "Blob")
    let embedded = row.embed((id: 9, name: "Blob Jr."))
    #expect(CasePath(Action.row).extract(from: embedded)?.0 == 9)
  }

  @Test func closureThatCallsAConstructor() {
    let other = CasePath<Action, Int> { .other($0) }
    #expect(other.extract(from: .other(3)) == 3)
    #expect(other.extract(from: .labeled(value: 3)) == nil)
    let b = CasePath<SamePayload, Int> { SamePayload.b($0) }
    #expect(b.extract(from: .b(4)) == 4)
    #expect(b.extract(from: .a(4)) == nil)
  }

  @Test func unlabeledTupleAndSingleLabeledPayloads() {
    let pair = CasePath(Action.pair)
    #expect(pair.extract(from: .pair(1, "x"))?.1 == "x")
    #expect(pair.extract(from: .row(id: 1, name: "x")) == nil)
    let labeled = CasePath(Action.labeled)
    #expect(labeled.extract(from: .labeled(value: 5)) == 5)
    #expect(labeled.extract(from: .other(5)) == nil)
    #expect(CasePath(Action.other).extract(from: .labeled(value: 5)) == nil)
    #expect(CasePath(Action.other).extract(from: .other(6)) == 6)
  }

  @Test func payloadCasesMixedWithEmptyCases() {
    let number = CasePath(Mixed.number)
    let text = CasePath(Mixed.text)
    for root in [Mixed.first, .second, .third, .list([longText])] {
      #expect(number.extract(from: root) == nil)
      #expect(text.extract(from: root) == nil)
    }
    #expect(number.extract(from: .number(42)) == 42)
    #expect(text.extract(from: .text(longText)) == longText)
    #expect(CasePath(Mixed.list).extract(from: .list([longText, "b"])) == [longText, "b"])
  }

  @Test func nestedEnumPayloads() {
    let nested = CasePath(Mixed.nested)
    let pair = CasePath(Nested.pair)
    let root = Mixed.nested(.pair(longText, [1, 2, 3]))
    #expect(nested.extract(from: root) == .pair(longText, [1, 2, 3]))
    #expect(nested.extract(from: root).flatMap(pair.extract)?.1 == [1, 2, 3])
    #expect(nested.extract(from: .nested(.none)) == Nested.none)
    #expect(CasePath(Nested.leaf).extract(from: .pair(longText, [])) == nil)
  }

  @Test func indirectCases() {
    let boxed = CasePath(WithIndirect.boxed)
    let direct = CasePath(WithIndirect.direct)
    #expect(boxed.extract(from: .boxed(longText)) == longText)
    #expect(boxed.extract(from: .direct(longText)) == nil)
    #expect(direct.extract(from: .boxed(longText)) == nil)
    #expect(direct.extract(from: .direct(longText)) == longText)
    #expect(boxed.extract(from: .empty) == nil)
    let big = CasePath(WithIndirect.big).extract(from: .big(1, 2, 3, longText))
    #expect(big?.0 == 1 && big?.2 == 3 && big?.3 == longText)
  }

  @Test func indirectCaseWithSixteenByteAlignedPayload() {
    let vector = SIMD4<Float>(1, 2, 3, 4)
    #expect(MemoryLayout<SIMD4<Float>>.alignment == 16)
    #expect(CasePath(WithIndirect.vector).extract(from: .vector(vector)) == vector)
  }

  @Test func indirectEnum() {
    let node = CasePath(Tree.node)
    let leaf = CasePath(Tree.leaf)
    let tree = Tree.node(.leaf(1), .node(.leaf(2), .empty))
    let children = node.extract(from: tree)
    #expect(children?.0 == .leaf(1))
    #expect(children?.1 == .node(.leaf(2), .empty))
    #expect(children.flatMap { leaf.extract(from: $0.0) } == 1)
    #expect(leaf.extract(from: tree) == nil)
    #expect(leaf.extract(from: .empty) == nil)
  }

  @Test func genericEnum() {
    let a = CasePath(Generic<String>.a)
    let b = CasePath(Generic<String>.b)
    let c = CasePath(Generic<String>.c)
    #expect(a.extract(from: .a(longText)) == longText)
    #expect(a.extract(from: .b(longText)) == nil)
    #expect(b.extract(from: .b("b")) == "b")
    #expect(c.extract(from: .c(3)) == 3)
    #expect(c.extract(from: .none) == nil)
    let int = CasePath(Generic<Int>.b)
    #expect(int.extract(from: .b(4)) == 4)
    #expect(int.extract(from: .c(4)) == nil)
    #expect(int.extract(from: .a(4)) == nil)
  }

  @Test func enumNestedInAGenericType() {
    let value = CasePath(Outer<String>.Inner.value)
    let values = CasePath(Outer<String>.Inner.values)
    let count = CasePath(Outer<Int>.Inner.count)
    #expect(value.extract(from: .value(longText)) == longText)
    #expect(value.extract(from: .values([longText])) == nil)
    #expect(values.extract(from: .values([longText])) == [longText])
    #expect(count.extract(from: .count(2)) == 2)
    #expect(count.extract(from: .value(2)) == nil)
    #expect(CasePath(Outer<Int>.Inner.value).extract(from: .count(2)) == nil)
  }

  @Test func genericEnumWithAFunctionPayload() {
    let path = CasePath(Generic<(Int) -> Int>.a)
    let offset = 10
    let transform = path.extract(from: .a({ $0 + offset }))
    #expect(transform?(1) == 11)
    #expect(path.extract(from: .b({ $0 })) == nil)
  }

  @Test func classPayloadThatOnlyCastsToTheValueDoesNotMatch() {
    let cat = Cat(name: "Tom")
    let animal = Animal(name: "Generic")
    let animalPath = CasePath(Pet.animal)
    let catPath = CasePath(Pet.cat)
    #expect(animalPath.extract(from: .cat(cat)) == nil)
    #expect(animalPath.extract(from: .animal(animal)) === animal)
    #expect(animalPath.extract(from: .animal(cat)) === cat)
    #expect(catPath.extract(from: .cat(cat)) === cat)
    #expect(catPath.extract(from: .animal(cat)) == nil)
    #expect(catPath.extract(from: .none) == nil)
  }

  @Test func constructorConvertedToASubtypeNeverReadsAnotherCase() {
    // `(Animal) -> Converting` is accepted as `(Cat) -> Converting`; the `.cat` case has the
    // exact payload type but is not the case this constructor builds.
    let path = CasePath<Converting, Cat>(Converting.animal)
    #expect(path.extract(from: .cat(Cat(name: "Tom"))) == nil)
    let optional = CasePath<Converting, Int>(Converting.optional)
    #expect(optional.extract(from: .number(1)) == nil)
    #expect(CasePath(Converting.number).extract(from: .number(1)) == 1)
    #expect(CasePath(Converting.cat).extract(from: .animal(Cat(name: "Tom"))) == nil)
  }

  @Test func existentialPayloads() {
    let shape = CasePath(Existential.shape)
    let error = CasePath(Existential.error)
    let square = CasePath(Existential.square)
    #expect(shape.extract(from: .shape(Square(side: 3)))?.area == 9)
    #expect(shape.extract(from: .square(Square(side: 3))) == nil)
    #expect(square.extract(from: .shape(Square(side: 3))) == nil)
    #expect(square.extract(from: .square(Square(side: 2)))?.area == 4)
    #expect(error.extract(from: .error(Failure(code: 7))) as? Failure == Failure(code: 7))
    #expect(error.extract(from: .shape(Square(side: 1))) == nil)
  }

  @Test func resultCases() {
    let success = CasePath(Result<String, any Error>.success)
    let failure = CasePath(Result<String, any Error>.failure)
    #expect(success.extract(from: .success(longText)) == longText)
    #expect(success.extract(from: .failure(Failure(code: 1))) == nil)
    #expect(failure.extract(from: .failure(Failure(code: 2))) as? Failure == Failure(code: 2))
    #expect(failure.extract(from: .success("")) == nil)
  }

  @Test func optionalAsRoot() {
    let some = CasePath(Optional<Int>.some)
    #expect(some.extract(from: 5) == 5)
    #expect(some.extract(from: nil) == nil)
    #expect(some.embed(6) == 6)
    let text = CasePath(Optional<String>.some)
    #expect(text.extract(from: longText) == longText)
    #expect(text.extract(from: nil) == nil)
    let nested = CasePath(Optional<Int?>.some)
    #expect(nested.extract(from: .some(nil)) == .some(nil))
    #expect(nested.extract(from: .none) == nil)
  }

  @Test func voidPayloads() {
    let void = CasePath(Empty.void)
    let unit = CasePath(Empty.unit)
    #expect(void.extract(from: .void(())) != nil)
    #expect(void.extract(from: .unit(())) == nil)
    #expect(void.extract(from: Empty.none) == nil)
    #expect(unit.extract(from: .unit(())) != nil)
    #expect(unit.extract(from: .void(())) == nil)
    #expect(void.embed(()) == .void(()))
  }

  @Test func singleCaseEnum() {
    let only = CasePath(Single.only)
    #expect(only.extract(from: .only(longText)) == longText)
    let messages = warnings(containing: "CasePath<Single, Int>") {
      #expect(CasePath<Single, Int> { .only("\($0)") }.extract(from: .only("1")) == nil)
    }
    #expect(messages.count == 1)
  }

  @Test func payloadLargerThanTheStackScratch() {
    #expect(MemoryLayout<WithLarge>.size > 256)
    let large = CasePath(WithLarge.large)
    var value = Large()
    value.numbers.append(8)
    #expect(large.extract(from: .large(value)) == value)
    #expect(large.extract(from: .other(value)) == nil)
    #expect(large.extract(from: .small(1)) == nil)
    #expect(CasePath(WithLarge.other).extract(from: .other(value))?.numbers.last == 8)
  }

  @Test func optionalOfAClassAsRoot() {
    let some = CasePath(Optional<Animal>.some)
    let cat = Cat(name: "Tom")
    #expect(some.extract(from: cat) === cat)
    #expect(some.extract(from: nil) == nil)
  }

  @Test func manyCases() {
    enum Wide {
      case c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17
      case c18, c19, c20, c21, c22, c23, c24, c25, c26, c27, c28, c29, c30, c31, c32, c33
      case c34, c35, c36, c37, c38, c39, c40, c41, c42, c43, c44, c45, c46, c47, c48, c49
      case c50, c51, c52, c53, c54, c55, c56, c57, c58, c59, c60, c61, c62, c63, c64, c65
      case first(Int), last(Int)
    }
    let last = CasePath(Wide.last)
    #expect(last.extract(from: .last(1)) == 1)
    #expect(last.extract(from: .first(1)) == nil)
    #expect(last.extract(from: .c65) == nil)
    #expect(last.extract(from: .c0) == nil)
  }

  @Test func extractionNeitherLeaksNorOverReleases() {
    var object = Tracked()
    var objects = [Tracked(), Tracked()]
    do {
      let roots: [Holder] = [
        .object(object), .objects(objects, longText), .boxed(object), .text(longText), .none,
      ]
      let paths = (
        CasePath(Holder.object), CasePath(Holder.objects), CasePath(Holder.boxed),
        CasePath(Holder.text)
      )
      for _ in 0..<100 {
        for root in roots {
          _ = paths.0.extract(from: root)
          _ = paths.1.extract(from: root)
          _ = paths.2.extract(from: root)
          _ = paths.3.extract(from: root)
        }
      }
      #expect(paths.0.extract(from: roots[0]) === object)
      #expect(paths.2.extract(from: roots[2]) === object)
      #expect(paths.1.extract(from: roots[1])?.0.count == 2)
    }
    #expect(isKnownUniquelyReferenced(&object))
    #expect(isKnownUniquelyReferenced(&objects[0]))
    // A uniquely referenced array buffer is mutated in place; a leaked reference forces a copy.
    let buffer = objects.withUnsafeBufferPointer { $0.baseAddress }
    objects[1] = Tracked()
    #expect(objects.withUnsafeBufferPointer { $0.baseAddress } == buffer)
  }

  @Test func extractedValueOutlivesItsRoot() {
    var extracted: Tracked?
    var text: String?
    do {
      let object = Tracked()
      extracted = CasePath(Holder.boxed).extract(from: .boxed(object))
      text = CasePath(Holder.objects).extract(from: .objects([object], longText + "!"))?.1
    }
    #expect(extracted != nil)
    #expect(isKnownUniquelyReferenced(&extracted))
    #expect(text == longText + "!")
  }

  @Test func closureBasedCasePath() {
    let even = CasePath<Int, Int>(
      embed: { $0 * 2 },
      extract: { $0.isMultiple(of: 2) ? $0 / 2 : nil }
    )
    #expect(even.extract(from: 6) == 3)
    #expect(even.extract(from: 7) == nil)
    #expect(even.embed(4) == 8)
  }

  @Test func nonEnumRootWarnsOnceAndNeverExtracts() {
    struct NotAnEnum: Equatable { var value: Int }
    let messages = warnings(containing: "NotAnEnum") {
      let path = CasePath(NotAnEnum.init(value:))
      #expect(path.extract(from: NotAnEnum(value: 1)) == nil)
      #expect(path.embed(2) == NotAnEnum(value: 2))
      _ = CasePath(NotAnEnum.init(value:))
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("CasePath<NotAnEnum, Int>") == true)
  }

  @Test func nonConstructorClosureWarnsOnceAndNeverExtracts() {
    enum NoIntCase: Equatable {
      case text(String)
      case none
    }
    let messages = warnings(containing: "NoIntCase") {
      let path = CasePath<NoIntCase, Int> { .text("\($0)") }
      #expect(path.extract(from: .text("1")) == nil)
      #expect(path.embed(1) == .text("1"))
      _ = CasePath<NoIntCase, Int> { _ in .none }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("NoIntCase") == true)
    #expect(messages.first?.contains("Int") == true)
  }

  @Test func functionPayloadOfAConcreteEnumWarnsInsteadOfMisreading() {
    let messages = warnings(containing: "Functions") {
      let path = CasePath(Functions.transform)
      #expect(path.extract(from: .transform({ $0 })) == nil)
    }
    #expect(messages.count == 1)
    #expect(CasePath(Functions.number).extract(from: .number(3)) == 3)
  }

  @Test func manyThreadsCreateAndUseCasePathsForTheSamePair() async {
    enum Concurrent {
      case a(String)
      case b(String)
    }
    let results = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<8 {
        group.addTask {
          let path = index.isMultiple(of: 2) ? CasePath(Concurrent.a) : CasePath(Concurrent.b)
          let own: Concurrent = index.isMultiple(of: 2) ? .a(longText) : .b(longText)
          let other: Concurrent = index.isMultiple(of: 2) ? .b(longText) : .a(longText)
          var ok = true
          for _ in 0..<1_000 {
            ok = ok && path.extract(from: own) == longText && path.extract(from: other) == nil
          }
          return ok
        }
      }
      var all: [Bool] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results == Array(repeating: true, count: 8))
  }

  @Test func appendingComposesTwoCasePaths() {
    let leaf = CasePath(Mixed.nested).appending(CasePath(Nested.leaf))
    #expect(leaf.extract(from: .nested(.leaf(longText))) == longText)
    #expect(leaf.extract(from: .nested(.none)) == nil)
    #expect(leaf.extract(from: .text(longText)) == nil)
    #expect(leaf.embed("x") == .nested(.leaf("x")))
  }

  @Test func appendingTakesACaseConstructor() {
    let pair = CasePath(Mixed.nested).appending(Nested.pair)
    #expect(pair.extract(from: .nested(.pair("a", [1, 2])))?.1 == [1, 2])
    #expect(pair.extract(from: .nested(.leaf("a"))) == nil)
  }

  @Test func appendingResolvesResultSuccessAndFailure() {
    enum Action {
      case response(Result<Int, any Error>)
      case other
    }
    struct Failure: Error, Equatable {}
    let success = CasePath(Action.response).appending(Result.success)
    let failure = CasePath(Action.response).appending(Result.failure)
    #expect(success.extract(from: .response(.success(42))) == 42)
    #expect(success.extract(from: .response(.failure(Failure()))) == nil)
    #expect(success.extract(from: .other) == nil)
    #expect(failure.extract(from: .response(.failure(Failure()))) is Failure)
    #expect(failure.extract(from: .response(.success(1))) == nil)
    if case .response(.success(7)) = success.embed(7) {
    } else {
      Issue.record("embed did not build .response(.success(7))")
    }
  }

  @Test func anAppendedPathVisitsOnlyItsOwnNestedCase() {
    let leaf = CasePath(Mixed.nested).appending(CasePath(Nested.leaf))
    var visited: [String] = []
    #expect(leaf.visitor(.nested(.leaf("a"))) { visited.append($0) })
    #expect(!leaf.visitor(.nested(.none)) { visited.append($0) })
    #expect(!leaf.visitor(.number(1)) { visited.append($0) })
    #expect(visited == ["a"])
  }

  @Test func appendingWorksWithClosureBuiltPaths() {
    let even = CasePath<Int, Int>(
      embed: { $0 * 2 }, extract: { $0.isMultiple(of: 2) ? $0 / 2 : nil })
    let quarter = even.appending(even)
    #expect(quarter.extract(from: 12) == 3)
    #expect(quarter.extract(from: 6) == nil)
    #expect(quarter.embed(3) == 12)
  }

  @Test func modifyChangesThePayloadInPlace() {
    var value = Mixed.nested(.pair("a", [1]))
    CasePath(Mixed.nested).appending(Nested.pair).modify(&value) { $0.1.append(2) }
    #expect(value == .nested(.pair("a", [1, 2])))
  }

  @Test func modifyOnAnotherCaseWarnsAndChangesNothing() {
    var value = Mixed.text(longText)
    var called = false
    let messages = warnings(containing: "modify(_:_:)") {
      CasePath(Mixed.number).modify(&value) {
        called = true
        $0 += 1
      }
    }
    #expect(value == .text(longText))
    #expect(!called)
    #expect(messages.count == 1)
    #expect(messages.first?.contains("not in the case path's case") == true)
  }

  @Test func modifyRethrowsWhatTheBodyThrows() {
    struct Stop: Error {}
    var value = Mixed.number(1)
    #expect(throws: Stop.self) {
      try CasePath(Mixed.number).modify(&value) {
        $0 = 2
        throw Stop()
      }
    }
    // The payload is as the body left it.
    #expect(value == .number(2))
  }

  // MARK: - Without reflection metadata

  @Test func aLearnedCaseExtractsWhatTheConstructorBuilds() {
    let learned = CasePath<Screen, Mixed>.learnedCase(Screen.mixed)
    let path = CasePath<Screen, Mixed>(
      embed: Screen.mixed, extract: { learned.extract(from: $0) })
    #expect(path.extract(from: .mixed(.text("a"))) == .text("a"))
    #expect(path.extract(from: .mixed(.first)) == .first)
    #expect(path.extract(from: .form(FormState())) == nil)
  }

  @Test func aCaseThatCannotBeLearnedStopsWithWhatToChange() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      _ = CasePath<Screen, FormState>.learnedCase(Screen.form)
    }
    expectMessage(
      of: result, contains: "CasePath<ReducerKitTests.Screen, ReducerKitTests.FormState>",
      "SWIFT_REFLECTION_METADATA_LEVEL = none", "-disable-reflection-metadata",
      "to all or without-names", "CasePath(embed: ReducerKitTests.Screen.someCase, extract: {",
      "if case let .someCase(value) = $0 { value } else { nil }")
  }

  @Test func theStopMessageSaysWhyForEachFailure() {
    let reasons: [LearnedCase.Failure: String] = [
      .noProbeValue: "cannot make a ReducerKitTests.FormState",
      .unstableTag: "different cases for different values",
      .emptyCase: "no room for a ReducerKitTests.FormState",
      .outOfLine: "it is indirect",
      .existential: "declared as an existential",
      .inconclusive: "apart from a reference",
    ]
    for (failure, reason) in reasons {
      let message = CasePath<Screen, FormState>.noReflectionMessage(failure)
      #expect(message.contains(reason), "\(failure)")
      #expect(message.contains("Stopping here rather than dropping every action"))
    }
  }
}
