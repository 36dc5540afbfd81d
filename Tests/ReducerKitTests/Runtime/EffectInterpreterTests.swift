import Foundation
import Testing

@testable import ReducerKit

/// The rules that turn an effect into commands, on the pure interpreter: no store, no tasks.
@MainActor
@Suite struct EffectInterpreterTests: ThrottlePlanTesting {
  /// What the interpreter asked for, in order.
  enum Command: Equatable {
    case enqueue(Int)
    case cancel(EffectKey)
    case startRun(keys: [EffectKey], inherits: String = "")
    case startConcatenation(parts: Int, keys: [EffectKey])
  }

  /// Records the commands; answers `isRunning` from the keys it was told run.
  final class Recorder: EffectCommands {
    var commands: [Command] = []
    var running: Set<EffectKey> = []
    var groups: [ObjectIdentifier] = []
    /// Makes the groups, and keeps each alive (so that no two are ever at one address).
    let registry = EffectRegistry()
    var madeGroups: [EffectGroup] = []

    func isRunning(_ key: EffectKey) -> Bool { running.contains(key) }
    func makeGroup() -> EffectGroup {
      madeGroups.append(registry.makeGroup())
      return madeGroups.last!
    }
    func reserveCapacity(_ count: Int) {}
    func enqueue(_ action: Int, group: EffectGroup) {
      commands.append(.enqueue(action))
      groups.append(ObjectIdentifier(group))
    }
    func cancel(_ key: EffectKey) { commands.append(.cancel(key)) }
    func startRun(_ run: RunEffectBox<Int>, origin: Int, context: EffectContext) {
      let inherited = context.inheritance(of: Int.self)
      let inherits = [
        inherited.dependencies.map { _ in "dependencies" },
        inherited.dismissal.map { _ in "dismissal" },
      ]
      commands.append(
        .startRun(
          keys: Array(context.keys), inherits: inherits.compactMap { $0 }.joined(separator: "+")))
      groups.append(ObjectIdentifier(context.group!))
    }
    func startConcatenation(_ parts: [Effect<Int>], origin: Int, context: EffectContext) {
      commands.append(.startConcatenation(parts: parts.count, keys: Array(context.keys)))
    }
  }

  let load = EffectKey(path: [], id: EffectID("load"))
  let row = ScopeComponent(id: EffectID("row"), hasLifetime: true)

  /// The commands for `effect`, read with `context` by `interpreter`.
  func commands(
    _ effect: Effect<Int>, context: EffectContext = EffectContext(),
    interpreter: inout EffectInterpreter<Int>, recorder: Recorder = Recorder()
  ) -> [Command] {
    var context = context
    recorder.commands = []
    interpreter.interpret(effect, action: 0, context: &context, commands: recorder)
    return recorder.commands
  }

  func commands(_ effect: Effect<Int>, context: EffectContext = EffectContext()) -> [Command] {
    var interpreter = EffectInterpreter<Int>()
    return commands(effect, context: context, interpreter: &interpreter)
  }

  @Test func aCancellableCancelsWhatIsInFlightBeforeItStarts() {
    let effect = Effect<Int>.run { _ in }.cancellable(id: "load", cancelInFlight: true)
    #expect(commands(effect) == [.cancel(load), .startRun(keys: [load])])
    let kept = Effect<Int>.run { _ in }.cancellable(id: "load")
    #expect(commands(kept) == [.startRun(keys: [load])])
  }

  @Test func aMergeIssuesItsPartsInOrderInOneGroup() {
    let recorder = Recorder()
    var interpreter = EffectInterpreter<Int>()
    let effect = Effect<Int>.merge(.send(1), .run { _ in }, .cancel(id: "load"), .send(2))
    #expect(
      commands(effect, interpreter: &interpreter, recorder: recorder) == [
        .enqueue(1), .startRun(keys: []), .cancel(load), .enqueue(2),
      ])
    #expect(Set(recorder.groups).count == 1)
  }

  @Test func aConcatenationThatOnlySendsRunsAtOnceAndAnyOtherInATask() {
    #expect(commands(.concatenate(.send(1), .send(2))) == [.enqueue(1), .enqueue(2)])
    let effect = Effect<Int>.concatenate(.send(1), .run { _ in }).cancellable(id: "load")
    #expect(commands(effect) == [.startConcatenation(parts: 2, keys: [load])])
  }

  @Test func aPartUnderAKeyCancelledBeforeItStartedIsSkipped() {
    var context = EffectContext()
    context.skipped = [load]
    let effect = Effect<Int>.merge(
      .run { _ in }.cancellable(id: "load"), .run { _ in }.cancellable(id: "other"))
    #expect(
      commands(effect, context: context) == [
        .startRun(keys: [EffectKey(path: [], id: EffectID("other"))])
      ])
    // A child that went away before the part started: its effects are skipped too.
    let childKey = EffectKey(path: [row], id: nil)
    context.skipped = [childKey]
    let childEffect = Effect<Int>.run { _ in }.scoped(to: row, locator: .identity)
    #expect(commands(childEffect, context: context).isEmpty)
  }

  @Test func aChildsEffectsRunUnderItsLifetimeAndItsScopedIDs() {
    let effect = Effect<Int>.run { _ in }.cancellable(id: "load").scoped(
      to: row, locator: .identity)
    #expect(
      commands(effect) == [
        .startRun(keys: [
          EffectKey(path: [row], id: nil), EffectKey(path: [row], id: EffectID("load")),
        ])
      ])
  }

  @Test func aThrottleRunsAtOnceThenSchedulesOneRunAtATime() {
    let clock = FakeClock()
    let recorder = Recorder()
    var interpreter = EffectInterpreter<Int>()
    let scroll = EffectKey(path: [], id: EffectID("scroll"))
    func throttled(_ action: Int) -> Effect<Int> {
      Effect(operation: .throttle(.send(action), id: EffectID("scroll"), plan: plan(clock)))
    }
    // The first runs now, replacing a scheduled run.
    #expect(
      commands(throttled(1), interpreter: &interpreter, recorder: recorder) == [
        .cancel(scroll), .enqueue(1),
      ])
    // Within the interval: one run scheduled under the throttle's id, for the interval's end.
    clock.now = 5
    #expect(
      commands(throttled(2), interpreter: &interpreter, recorder: recorder) == [
        .startConcatenation(parts: 2, keys: [scroll])
      ])
    // While it is scheduled, a later effect only replaces the one that will run.
    recorder.running = [scroll]
    #expect(commands(throttled(3), interpreter: &interpreter, recorder: recorder).isEmpty)
    // At the interval's end, the scheduled run fires the latest effect, not under the id.
    clock.now = 10
    let fire = Effect<Int>(operation: .throttleFire(id: EffectID("scroll"), plan: plan(clock)))
    var context = EffectContext()
    context.keys.append(scroll)
    #expect(
      commands(fire, context: context, interpreter: &interpreter, recorder: recorder) == [
        .enqueue(3)
      ])
  }

  @Test func everyKeyAnEffectStartsUnderIsAKeyAConcatenationWatches() {
    // `skipKeys(of:at:into:)` is what a concatenation watches for its parts that have not
    // started: it must cover every key the interpreter registers them under.
    let effects: [Effect<Int>] = [
      .run { _ in }.cancellable(id: "load", cancelInFlight: true),
      .merge(.run { _ in }.cancellable(id: "a"), .run { _ in }.cancellable(id: "b")),
      .run { _ in }.cancellable(id: "load").scoped(to: row, locator: .identity),
      .concatenate(.send(1), .run { _ in }).cancellable(id: "c"),
      Effect(
        operation: .throttle(
          .run { _ in }.cancellable(id: "inner"), id: EffectID("scroll"),
          plan: plan(FakeClock()))),
    ]
    for effect in effects {
      var watched = Set<EffectKey>()
      EffectInterpreter.skipKeys(of: effect, at: [], into: &watched)
      for command in commands(effect) {
        switch command {
        case .startRun(let keys, _), .startConcatenation(_, let keys):
          #expect(Set(keys).isSubset(of: watched), "\(keys) not among \(watched)")
        case .enqueue, .cancel: break
        }
      }
    }
  }

  @Test func everyKeyWhoseCancellationChangesAPartIsAKeyAConcatenationWatches() {
    // The other direction, from the interpreter's side: a part read with one key cancelled
    // before it started issues other commands only when that key is among the watched ones
    // (otherwise the concatenation would never learn of the cancellation).
    let child = ScopeComponent(id: EffectID("child"), hasLifetime: true)
    let plain = ScopeComponent(id: EffectID("plain"), hasLifetime: false)
    let effects: [Effect<Int>] = [
      .send(1).cancellable(id: "load"),
      .merge(.send(1), .cancel(id: "a").cancellable(id: "b")),
      .run { _ in }.cancellable(id: "load").scoped(to: row, locator: .identity),
      .send(2).scoped(to: child, locator: .identity).scoped(to: plain, locator: .identity),
      .concatenate(.send(1), .send(2).cancellable(id: "c")),
      Effect(
        operation: .throttle(
          .send(3).cancellable(id: "inner"), id: EffectID("scroll"), plan: plan(FakeClock()))),
      Effect(
        operation: .inheriting(
          .send(4).cancellable(id: "load"), TaskInheritance(dependencies: DependencyValues()))),
    ]
    var candidates: [EffectKey] = []
    for path: ScopePath in [[], [row], [plain], [plain, child]] {
      for id in ["load", "a", "b", "c", "inner", "scroll"] {
        candidates.append(EffectKey(path: path, id: EffectID(id)))
      }
      candidates.append(EffectKey(path: path, id: nil))
    }
    for effect in effects {
      var watched = Set<EffectKey>()
      EffectInterpreter.skipKeys(of: effect, at: [], into: &watched)
      let unskipped = commands(effect)
      var changing = 0
      for key in candidates {
        var context = EffectContext()
        context.skipped = [key]
        if commands(effect, context: context) != unskipped {
          changing += 1
          #expect(watched.contains(key), "skipping \(key) changes \(effect)'s part, unwatched")
        }
      }
      #expect(changing > 0, "no candidate key changes \(effect): the test checks nothing")
    }
  }

  @Test func aTaskInheritsTheInnermostDependenciesAndDismissal() {
    func values(at seconds: Double) -> DependencyValues {
      var values = DependencyValues()
      values.date = DateGenerator { Date(timeIntervalSince1970: seconds) }
      return values
    }
    let effect = Effect<Int>.merge(
      Effect<Int>.run { _ in }.withDependencies(values(at: 2)).withDismiss { _ in },
      .run { _ in }
    )
    .withDependencies(values(at: 1)).withDismiss { _ in }
    let started = StartedRuns(of: effect, action: 0).runs.map(\.inherited)
    #expect(
      started.map { $0.dependencies?.date.now }
        == [Date(timeIntervalSince1970: 2), Date(timeIntervalSince1970: 1)])
    // Each run has a dismissal, the inner one its own.
    let dismissals = started.compactMap { $0.dismissal.map(ObjectIdentifier.init) }
    #expect(dismissals.count == 2 && dismissals[0] != dismissals[1])
    #expect(
      commands(Effect<Int>.run { _ in }.withDismiss { _ in }) == [
        .startRun(keys: [], inherits: "dismissal")
      ])
    #expect(commands(.run { _ in }) == [.startRun(keys: [])])
  }
}
