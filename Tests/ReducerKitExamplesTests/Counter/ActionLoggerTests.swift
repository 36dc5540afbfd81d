import Foundation
import ReducerKit
import ReducerKitExamples
import Testing

@Suite struct ActionLoggerTests {
  @Test func aLoggerHandsEachLineToItsClosure() {
    let lines = Recorder<String>()
    let logger = ActionLogger { lines.record($0) }
    logger.log("one")
    logger.log("two")
    #expect(lines.recorded == ["one", "two"])
  }

  @Test func theTestValueIsSilentAndOverridable() {
    let lines = Recorder<String>()
    withDependencies {
      $0.actionLogger = ActionLogger { lines.record($0) }
    } operation: {
      @Dependency(\.actionLogger) var logger
      logger.log("captured")
    }
    ActionLogger.silent.log("dropped")
    #expect(lines.recorded == ["captured"])
  }
}
