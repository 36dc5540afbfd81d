import Foundation
import Testing

@testable import ReducerKit

@Suite struct DependencyValuesTests {
  @Test func anUnsetDependencyHasItsLiveValue() {
    #expect(DependencyValues().number == 1)
  }

  @Test func aSetDependencyReadsBack() {
    var values = DependencyValues()
    values.number = 42
    values.name = "set"
    #expect(values.number == 42)
    #expect(values.name == "set")
  }

  @Test func existentialValuesReadBack() {
    var values = DependencyValues()
    values.shape = SquareShape()
    #expect(values.shape is SquareShape)
    values.shape = CircleShape()
    #expect(values.shape is CircleShape)
  }

  @Test func mergingPutsOverridesOnTopOfTheBase() {
    var base = DependencyValues()
    base.number = 10
    base.name = "base"
    var overrides = DependencyValues()
    overrides.number = 20

    let merged = base.merging(overrides)
    #expect(merged.number == 20)
    #expect(merged.name == "base")
    #expect(base.merging(DependencyValues()).number == 10)
    #expect(DependencyValues().merging(overrides).number == 20)
    #expect(DependencyValues().merging(overrides).name == "live")
  }

  @Test func mergingTakesTheContextOnlyWhenTheOverridesSetIt() {
    var testBase = DependencyValues()
    testBase.context = .test
    #expect(testBase.merging(DependencyValues()).context == .test)

    var liveOverrides = DependencyValues()
    liveOverrides.context = .live
    #expect(testBase.merging(liveOverrides).context == .live)

    var testOverrides = DependencyValues()
    testOverrides.context = .test
    #expect(DependencyValues().merging(testOverrides).context == .test)
    #expect(DependencyValues().merging(testOverrides).name == "test")
  }

  @Test func isEmptyOnlyWhenNothingWasSet() {
    #expect(DependencyValues().isEmpty)
    var withOverride = DependencyValues()
    withOverride.number = 1
    #expect(!withOverride.isEmpty)
    var withContext = DependencyValues()
    withContext.context = .live
    #expect(!withContext.isEmpty)
    #expect(DependencyValues().merging(withOverride).isEmpty == false)
  }

  @Test func theCurrentValuesDefaultToEmptyAndLive() {
    #expect(DependencyValues.current.isEmpty)
    #expect(DependencyValues.current.context == .live)
    #expect(DependencyValues.current.number == 1)
  }

  @Test func withValuesSetsTheCurrentValuesForItsOperation() {
    var values = DependencyValues()
    values.number = 5
    let inside = DependencyValues.withValues(values) { DependencyValues.current.number }
    #expect(inside == 5)
    #expect(DependencyValues.current.number == 1)
  }

  @Test func withValuesSetsTheCurrentValuesAcrossSuspensions() async {
    var values = DependencyValues()
    values.number = 6
    let inside = await DependencyValues.withValues(values) {
      await Task.yield()
      return DependencyValues.current.number
    }
    #expect(inside == 6)
    #expect(DependencyValues.current.number == 1)
  }

  @Test func aTaskCreatedInsideWithValuesKeepsThemAfterItReturns() async {
    var values = DependencyValues()
    values.number = 7
    let gate = ValuesGate()
    let task = DependencyValues.withValues(values) {
      Task {
        await gate.wait()
        return DependencyValues.current.number
      }
    }
    #expect(DependencyValues.current.number == 1)
    await gate.open()
    #expect(await task.value == 7)
  }

  @Test func withValuesRethrows() {
    var values = DependencyValues()
    values.number = 8
    #expect(throws: ValuesError.self) {
      try DependencyValues.withValues(values) { throw ValuesError() }
    }
    #expect(DependencyValues.current.number == 1)
  }

  @MainActor
  @Test func asyncWithValuesKeepsTheCallersIsolation() async {
    let box = ValuesMainActorBox()
    var values = DependencyValues()
    values.number = 9
    await DependencyValues.withValues(values) {
      await Task.yield()
      box.value = DependencyValues.current.number
    }
    #expect(box.value == 9)
  }
}

private struct ValuesError: Error {}

/// Not `Sendable`: only the main actor may touch it.
@MainActor
private final class ValuesMainActorBox {
  var value = 0
}

/// Suspends waiters until it is opened; lets a test start work and finish it later without sleeps.
private actor ValuesGate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}

private protocol ProbeShape: Sendable {}
private struct SquareShape: ProbeShape {}
private struct CircleShape: ProbeShape {}

private enum NumberKey: DependencyKey {
  static let liveValue = 1
}

private enum NameKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

private enum ShapeKey: DependencyKey {
  static var liveValue: any ProbeShape { SquareShape() }
}

extension DependencyValues {
  fileprivate var number: Int {
    get { self[NumberKey.self] }
    set { self[NumberKey.self] = newValue }
  }

  fileprivate var name: String {
    get { self[NameKey.self] }
    set { self[NameKey.self] = newValue }
  }

  fileprivate var shape: any ProbeShape {
    get { self[ShapeKey.self] }
    set { self[ShapeKey.self] = newValue }
  }
}
