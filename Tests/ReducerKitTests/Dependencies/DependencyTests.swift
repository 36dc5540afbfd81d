import Foundation
import Testing

@testable import ReducerKit

@Suite struct DependencyTests {
  @Test func readsTheValuesInForceWhenRead() {
    let reader = LevelReader()
    #expect(reader.level == 0)
    withDependencies {
      $0.level = 1
    } operation: {
      #expect(reader.level == 1)
    }
    #expect(reader.level == 0)
  }

  @Test func aReaderCreatedInsideAnOverrideDoesNotKeepIt() {
    let reader = withDependencies {
      $0.level = 1
    } operation: {
      LevelReader()
    }
    #expect(reader.level == 0)
  }

  @Test func readsAsyncOverridesAcrossSuspensions() async {
    let reader = LevelReader()
    await withDependencies {
      $0.level = 2
    } operation: {
      await Task.yield()
      #expect(reader.level == 2)
    }
    #expect(reader.level == 0)
  }

  @Test func theInnerOverrideWinsAndTheOuterIsRestored() {
    let reader = LevelReader()
    withDependencies {
      $0.level = 1
    } operation: {
      withDependencies {
        $0.level = 2
      } operation: {
        #expect(reader.level == 2)
      }
      #expect(reader.level == 1)
    }
    #expect(reader.level == 0)
  }

  @Test func seesTheValuesOfEachCallWhenCreatedOnce() {
    let reader = LevelReader()
    let levels = [3, 4, 5].map { level in
      withDependencies {
        $0.level = level
      } operation: {
        reader.level
      }
    }
    #expect(levels == [3, 4, 5])
  }

  @Test func aMissingTestValueIsReportedAtTheDeclaration() {
    let warnings = Locked<[RuntimeWarning]>([])
    let token = RuntimeWarnings.addHandler { warning in
      guard warning.message.contains("SiteProbeKey") else { return false }
      warnings.withLock { $0.append(warning) }
      return true
    }
    defer { RuntimeWarnings.removeHandler(token) }
    var values = DependencyValues()
    values.context = .test
    let reader = SiteReader()
    #expect(DependencyValues.withValues(values) { reader.probe } == "live")
    let warning = warnings.withLock { $0.first }
    #expect(warning?.fileID == #fileID)
    #expect(warning?.line == SiteReader.declarationLine)
    #expect(warning?.message.contains(#"@Dependency(\.siteProbe)"#) == true)
  }
}

private struct LevelReader {
  @Dependency(\.level) var level
}

private struct SiteReader {
  static let declarationLine: UInt = #line + 1
  @Dependency(\.siteProbe) var probe
}

private enum LevelKey: DependencyKey {
  static let liveValue = 0
}

private enum SiteProbeKey: DependencyKey {
  static let liveValue = "live"
}

extension DependencyValues {
  fileprivate var level: Int {
    get { self[LevelKey.self] }
    set { self[LevelKey.self] = newValue }
  }

  fileprivate var siteProbe: String {
    self[SiteProbeKey.self]
  }
}
