import Foundation
import Testing

@testable import ReducerKit

@Suite struct SourceSiteTests {
  @Test func aWarningAtASiteNamesThatPlace() {
    let recorder = WarningRecorder(matching: "source-site-test-marker")
    let site = SourceSite(fileID: "Feature/Feature.swift", line: 42)
    runtimeWarn("source-site-test-marker: an action for a child that is not there", at: site)
    #expect(
      recorder.messages == ["source-site-test-marker: an action for a child that is not there"])
    #expect(recorder.places == ["Feature/Feature.swift:42"])
  }
}
