import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct SendTests {
  @Test func deliversActions() {
    let log = Log<Int>()
    let send = Send<Int> { log.append($0) }
    send(1)
    send(2)
    #expect(log.values == [1, 2])
  }

  @Test func dropsActionsFromACancelledTask() async {
    let log = Log<Int>()
    let send = Send<Int> { log.append($0) }
    let task = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      send(1)
    }
    await task.value
    #expect(log.values.isEmpty)
  }

  @Test func mapEmbedsChildActions() {
    let log = Log<String>()
    let send = Send<String> { log.append($0) }
    let child: Send<Int> = send.map { "child \($0)" }
    child(3)
    #expect(log.values == ["child 3"])
  }
}
