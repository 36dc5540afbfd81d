import Foundation
import Testing

@testable import ReducerKit

@Suite struct DependencyKeyTests {
  @Test func aKeyWithoutTestValueReportsANameForTheDependency() {
    let recorder = WarningRecorder(matching: "UntestedGreetingKey")
    let reader = GreetingReader()
    let greeting = DependencyValues.withValues(testContext()) { reader.untested }
    #expect(greeting == Greeting(text: "live"))
    #expect(recorder.messages.count == 1)
    let message = recorder.messages.first ?? ""
    #expect(message.contains(#"@Dependency(\.untestedGreeting)"#))
    #expect(message.contains("UntestedGreetingKey"))
    #expect(message.contains("Value: Greeting"))
    #expect(message.contains("has no test implementation"))
  }

  @Test func theReportComesBeforeTheLiveValueIsRead() {
    OrderedKey.log.withLock { $0 = [] }
    let token = RuntimeWarnings.addHandler { warning in
      guard warning.message.contains("OrderedKey") else { return false }
      OrderedKey.log.withLock { $0.append("report") }
      return true
    }
    defer { RuntimeWarnings.removeHandler(token) }
    let value = DependencyValues.withValues(testContext()) { DependencyValues.current.ordered }
    #expect(value == 7)
    #expect(OrderedKey.log.withLock { $0 } == ["report", "live"])
  }

  @Test func aMissingTestValueIsReportedOncePerKeyPerTestContext() {
    let recorder = WarningRecorder(matching: "RepeatedlyReadKey")
    let context = testContext()
    DependencyValues.withValues(context) {
      for _ in 0..<3 { _ = DependencyValues.current.repeatedlyRead }
    }
    let copy = context
    _ = copy.repeatedlyRead
    #expect(recorder.messages.count == 1)

    _ = testContext().repeatedlyRead
    #expect(recorder.messages.count == 2)
  }

  @Test func aKeyWithATestValueIsNotReported() {
    let recorder = WarningRecorder(matching: "TestedGreetingKey")
    let greeting = testContext().testedGreeting
    #expect(greeting == Greeting(text: "test"))
    #expect(recorder.messages.isEmpty)
  }

  @Test func theDefaultTestValueReportsWhenReadDirectly() {
    let recorder = WarningRecorder(matching: "DirectlyReadKey")
    #expect(DirectlyReadKey.testValue == 3)
    #expect(recorder.messages.count == 1)
    let message = recorder.messages.first ?? ""
    #expect(message.contains("DirectlyReadKey"))
    #expect(message.contains("Value: Int"))
  }

  @Test func aMethodReadingAKeyIsNotMistakenForAProperty() {
    let recorder = WarningRecorder(matching: "MethodReadKey")
    _ = testContext()[MethodReadKey.self]
    let message = recorder.messages.first ?? ""
    #expect(message.contains("MethodReadKey"))
    #expect(!message.contains("@Dependency(\\.aMethodReadingAKey"))
  }
}

private func testContext() -> DependencyValues {
  var values = DependencyValues()
  values.context = .test
  return values
}

private struct Greeting: Equatable, Sendable {
  var text: String
}

private enum UntestedGreetingKey: DependencyKey {
  static let liveValue = Greeting(text: "live")
}

private enum TestedGreetingKey: DependencyKey {
  static let liveValue = Greeting(text: "live")
  static let testValue = Greeting(text: "test")
}

private enum OrderedKey: DependencyKey {
  static let log = Locked<[String]>([])
  static var liveValue: Int {
    log.withLock { $0.append("live") }
    return 7
  }
}

private enum RepeatedlyReadKey: DependencyKey {
  static let liveValue = 1
}

private enum DirectlyReadKey: DependencyKey {
  static let liveValue = 3
}

private enum MethodReadKey: DependencyKey {
  static let liveValue = 4
}

extension DependencyValues {
  fileprivate var untestedGreeting: Greeting {
    get { self[UntestedGreetingKey.self] }
    set { self[UntestedGreetingKey.self] = newValue }
  }

  fileprivate var testedGreeting: Greeting {
    get { self[TestedGreetingKey.self] }
    set { self[TestedGreetingKey.self] = newValue }
  }

  fileprivate var ordered: Int {
    self[OrderedKey.self]
  }

  fileprivate var repeatedlyRead: Int {
    self[RepeatedlyReadKey.self]
  }
}

private struct GreetingReader {
  @Dependency(\.untestedGreeting) var untested
}
