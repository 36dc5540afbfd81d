import Foundation
import Testing

@testable import ReducerKit

@Suite struct StackStateTests {
  /// Runs `body` with a stack id counter from 0, as a test store's.
  func numbered<R>(_ body: () -> R) -> R {
    var values = DependencyValues()
    values.stackElementID = StackElementIDGenerator()
    return DependencyValues.withValues(values, operation: body)
  }

  @Test func appendGivesNewIDsInOrder() {
    numbered {
      var path = StackState<String>()
      #expect(path.isEmpty)
      path.append("a")
      path.append("b")
      #expect(path.ids == [0, 1])
      #expect(Array(path) == ["a", "b"])
      #expect(path.count == 2)
      #expect(path[id: 1] == "b")
      #expect(path[id: 2] == nil)
    }
  }

  @Test func literalAndSequenceInitsNumberTheElements() {
    numbered {
      let literal: StackState<String> = ["a", "b"]
      let sequence = StackState(["c"])
      #expect(literal.ids == [0, 1])
      #expect(sequence.ids == [2])
      #expect(StackState<String>().ids == [])
    }
  }

  @Test func removeLastAndPopLastPopTheTop() {
    numbered {
      var path: StackState<String> = ["a", "b", "c"]
      #expect(path.removeLast() == "c")
      #expect(path.popLast() == "b")
      #expect(path.ids == [0])
      path.removeLast(1)
      #expect(path.popLast() == nil)
      #expect(path.isEmpty)
    }
  }

  @Test func popFromRemovesThatElementAndEveryOneAbove() {
    numbered {
      var path: StackState<String> = ["a", "b", "c", "d"]
      path.pop(from: 1)
      #expect(path.ids == [0])
      path.pop(from: 7)  // absent: nothing changes
      #expect(Array(path) == ["a"])
    }
  }

  @Test func popToKeepsThatElementOnTop() {
    numbered {
      var path: StackState<String> = ["a", "b", "c", "d"]
      path.pop(to: 1)
      #expect(path.ids == [0, 1])
      path.pop(to: 9)
      #expect(path.ids == [0, 1])
      path.pop(to: 1)
      #expect(path.ids == [0, 1])
      path.removeAll()
      #expect(path.isEmpty)
    }
  }

  @Test func idSubscriptReplacesInPlaceAppendsAnAbsentIDAndPopsOnNil() {
    numbered {
      var path: StackState<String> = ["a", "b"]
      path[id: 0] = "A"
      #expect(Array(path) == ["A", "b"])
      #expect(path.ids == [0, 1])
      path[id: 0]?.append("!")
      #expect(path[id: 0] == "A!")
      path[id: 5] = "f"
      #expect(path.ids == [0, 1, 5])
      path.append("g")  // the counter went past the id set by hand
      #expect(path.ids == [0, 1, 5, 6])
      path[id: 1] = nil
      #expect(path.ids == [0, 5, 6])
      path[id: 42] = nil
      #expect(path.ids == [0, 5, 6])
    }
  }

  @Test func appendSkipsAnIDAlreadyOnTheStack() {
    var path = StackState<String>()
    numbered { path[id: 0] = "set by hand" }
    numbered { path.append("appended") }  // a counter that would give 0 again
    #expect(path.ids == [0, 1])
  }

  @Test func positionSubscriptMutatesAndKeepsTheID() {
    numbered {
      var path: StackState<String> = ["a", "b"]
      path[1] = "B"
      path[0].append("!")
      #expect(Array(path) == ["a!", "B"])
      #expect(path.ids == [0, 1])
      #expect(path.first == "a!")
      #expect(path.last == "B")
      #expect(path.reversed() == ["B", "a!"])
    }
  }

  @Test func equalityComparesIDsAndElements() {
    let (a, b, c) = numbered { () -> (StackState<String>, StackState<String>, StackState<String>) in
      (["x"], ["x"], ["y"])
    }
    #expect(a != b)  // the same elements under different ids
    #expect(a != c)
    var d = StackState<String>()
    d[id: 0] = "x"
    #expect(a == d)
    #expect(a.hashValue == d.hashValue)
    #expect(Set([a, b, d]).count == 2)
    #expect(StackState<String>() == StackState<String>())
  }

  @Test func descriptionsAndDumpShowIDs() {
    numbered {
      let path: StackState<String> = ["a", "b"]
      #expect(path.description == #"[#0: a, #1: b]"#)
      #expect(path.debugDescription == #"StackState<String>([#0: a, #1: b])"#)
      // Empty as its literal is written (issue 39, item 9: it read `path: [:]`).
      #expect(StackState<String>().description == "[]")
      #expect(debugDump(path) == "[\n  #0: \"a\",\n  #1: \"b\",\n]")
      struct Holder { var path = StackState<String>() }
      #expect(debugDump(Holder()) == "StackStateTests.Holder(\n  path: [],\n)")
    }
  }

  @Test func popsRecordRemovalsForTheStoresChildCheck() {
    numbered {
      var path: StackState<String> = ["a", "b", "c"]
      let before = path._storage._removalVersion
      path.removeLast()
      #expect(path._storage._removalVersion != before)
      #expect(path._storage._lastRemovedID == 2)
    }
  }
}
