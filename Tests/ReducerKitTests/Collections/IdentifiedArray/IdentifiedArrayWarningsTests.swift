import Foundation
import ReducerKit
import Testing

@Suite("IdentifiedArray warnings")
struct IdentifiedArrayWarningsTests: IdentifiedArrayTesting {
  @Test func appendDuplicateLeavesTheArrayUnchangedWithAWarning() {
    let recorder = WarningRecorder(matching: "with the id 2 is already")
    var array: IdentifiedArrayOf<Todo> = [Todo(1, "a"), Todo(2, "b"), Todo(3, "c")]
    let before = array
    let result = array.append(Todo(2, "other"))
    #expect(!result.inserted)
    #expect(result.index == 1)
    #expect(array == before)
    #expect(array[id: 2]?.title == "b")
    // Issue 39, item 7: not a silent skip. The warning names the method, the id and the way
    // to replace, at the caller's line.
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("IdentifiedArray.append(_:)") == true)
    #expect(recorder.messages.first?.contains("updateOrAppend") == true)
    #expect(
      recorder.places.first?.hasPrefix("ReducerKitTests/IdentifiedArrayWarningsTests.swift") == true
    )
  }

  @Test func insertDuplicateLeavesTheArrayUnchangedWithAWarning() {
    let recorder = WarningRecorder(matching: "with the id 3 is already")
    var array: IdentifiedArrayOf<Todo> = [Todo(1, "a"), Todo(3, "c")]
    let result = array.insert(Todo(3, "other"), at: 0)
    #expect(result == (false, 1))
    #expect(array[id: 3]?.title == "c")
    #expect(recorder.messages.first?.contains("IdentifiedArray.insert(_:at:)") == true)
  }
}
