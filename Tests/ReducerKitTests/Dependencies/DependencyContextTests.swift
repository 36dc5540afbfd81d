import Foundation
import Testing

@testable import ReducerKit

@Suite struct DependencyContextTests {
  @Test func valuesStartInTheLiveContext() {
    #expect(DependencyValues().context == .live)
    #expect(DependencyValues.current.context == .live)
  }

  @Test func theLiveContextResolvesUnsetKeysToTheirLiveValue() {
    var values = DependencyValues()
    #expect(values.contextProbe == "live")
    values.context = .live
    #expect(values.contextProbe == "live")
    #expect(values.untestedProbe == "live")
  }

  @Test func theTestContextResolvesUnsetKeysToTheirTestValue() {
    var values = DependencyValues()
    values.context = .test
    #expect(values.contextProbe == "test")
  }

  @Test func theTestContextReportsAKeyWithoutTestValueBeforeUsingItsLiveValue() {
    let recorder = WarningRecorder(matching: "UntestedProbeKey")
    var values = DependencyValues()
    values.context = .test
    #expect(values.untestedProbe == "live")
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains(#"@Dependency(\.untestedProbe)"#) == true)
  }

  @Test func anOverrideWinsInTheTestContextWithoutAReport() {
    let recorder = WarningRecorder(matching: "UntestedProbeKey")
    var values = DependencyValues()
    values.context = .test
    values.untestedProbe = "override"
    values.contextProbe = "override"
    #expect(values.untestedProbe == "override")
    #expect(values.contextProbe == "override")
    #expect(recorder.messages.isEmpty)
  }

  @Test func aTestContextResolvesEachTestValueOnce() {
    var values = DependencyValues()
    values.context = .test
    let copy = values
    #expect(values.counter() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    #expect(copy.counter() == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))

    values.context = .test
    #expect(values.counter() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
  }

  @Test func switchingBackToLiveUsesLiveValues() {
    var values = DependencyValues()
    values.context = .test
    values.context = .live
    #expect(values.contextProbe == "live")
  }
}

private enum ContextProbeKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

private enum UntestedProbeKey: DependencyKey {
  static let liveValue = "live"
}

private enum CounterKey: DependencyKey {
  static let liveValue = UUIDGenerator { UUID() }
  static var testValue: UUIDGenerator { .incrementing }
}

extension DependencyValues {
  fileprivate var contextProbe: String {
    get { self[ContextProbeKey.self] }
    set { self[ContextProbeKey.self] = newValue }
  }

  fileprivate var untestedProbe: String {
    get { self[UntestedProbeKey.self] }
    set { self[UntestedProbeKey.self] = newValue }
  }

  fileprivate var counter: UUIDGenerator {
    self[CounterKey.self]
  }
}
