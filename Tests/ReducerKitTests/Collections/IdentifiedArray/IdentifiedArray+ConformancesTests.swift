import Foundation
import ReducerKit
import Testing

@Suite("IdentifiedArray conformances")
struct IdentifiedArrayConformancesTests: IdentifiedArrayTesting {
  @Test func equatableComparesElementsInOrder() {
    #expect(todos(1, 2, 3) == todos(1, 2, 3))
    #expect(todos(1, 2, 3) != todos(1, 3, 2))
    #expect(todos(1, 2) != todos(1, 2, 3))
    var changed = todos(1, 2)
    changed[id: 2]?.title = "x"
    #expect(changed != todos(1, 2))
    // Built differently, same elements: equal.
    var appended = IdentifiedArrayOf<Todo>()
    appended.append(Todo(1))
    appended.append(Todo(2))
    #expect(appended == todos(1, 2))
  }

  @Test func hashable() {
    #expect(todos(1, 2).hashValue == todos(1, 2).hashValue)
    let set: Set = [todos(1, 2), todos(1, 2), todos(2, 1)]
    #expect(set.count == 2)
  }

  @Test func sendable() async {
    func requireSendable<T: Sendable>(_ value: T) -> T { value }
    let array = requireSendable(todos(1, 2, 3))
    let count = await Task.detached { array[id: 2]?.count ?? -1 }.value
    #expect(count == 0)
    let users = requireSendable(IdentifiedArray<String, User>(id: \.email))
    #expect(users.isEmpty)
    #expect(requireSendable(array.ids).count == 3)
  }

  @Test func descriptions() {
    let array = IdentifiedArray(uniqueElements: ["a", "b"], id: { $0 })
    #expect(array.description == #"["a", "b"]"#)
    #expect(String(describing: array) == #"["a", "b"]"#)
    #expect(array.debugDescription == #"IdentifiedArray<String, String>(["a", "b"])"#)
    #expect(IdentifiedArrayOf<Todo>().description == "[]")
  }

  @Test func mirrorShowsTheElements() {
    let mirror = Mirror(reflecting: todos(1, 2))
    #expect(mirror.displayStyle == .collection)
    #expect(mirror.children.compactMap { ($0.value as? Todo)?.id } == [1, 2])
  }
}
