import Testing

@testable import ReducerKit

@Suite struct CasePathOptionalTests {
  enum OptionalModifyMarker: Equatable {
    case edit(String)
    case alert(Int)
  }

  @Test func modifiesAPresentValueInItsCase() {
    var destination: OptionalModifyMarker? = .edit("a")
    CasePath(OptionalModifyMarker.edit).modify(&destination) { $0 += "b" }
    #expect(destination == .edit("ab"))
  }

  @Test func leavesNilAndOtherCasesAloneWithAWarning() {
    let recorder = WarningRecorder(matching: "OptionalModifyMarker")
    do {
      var absent: OptionalModifyMarker? = nil
      CasePath(OptionalModifyMarker.edit).modify(&absent) { $0 += "b" }
      #expect(absent == nil)
      var other: OptionalModifyMarker? = .alert(1)
      CasePath(OptionalModifyMarker.edit).modify(&other) { $0 += "b" }
      #expect(other == .alert(1))
    }
    #expect(recorder.messages.count == 2)
    #expect(recorder.messages.first?.contains("called on nil") == true)
  }
}
