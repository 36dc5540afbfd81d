import Foundation

@testable import ReducerKit

/// The `.run`s an effect starts, read by the ``EffectInterpreter`` without a store: each with
/// what its task inherits, so that a test can run it as the store would.
@MainActor
final class StartedRuns<Action>: EffectCommands {
  /// Each started run's box and what its task inherits, in order.
  private(set) var runs: [(box: RunEffectBox<Action>, inherited: InheritedByTask<Action>)] = []
  /// Where the runs' group is made (a store's registry would).
  private let registry = EffectRegistry()

  /// The runs `effect` starts.
  init(of effect: Effect<Action>, action: Action) {
    var interpreter = EffectInterpreter<Action>()
    var context = EffectContext()
    interpreter.interpret(effect, action: action, context: &context, commands: self)
  }

  func isRunning(_ key: EffectKey) -> Bool { false }
  func makeGroup() -> EffectGroup { registry.makeGroup() }
  func reserveCapacity(_ count: Int) {}
  func enqueue(_ action: Action, group: EffectGroup) {}
  func cancel(_ key: EffectKey) {}
  func startRun(_ run: RunEffectBox<Action>, origin: Action, context: EffectContext) {
    runs.append((run, context.inheritance(of: Action.self)))
  }
  func startConcatenation(_ parts: [Effect<Action>], origin: Action, context: EffectContext) {}

  /// Runs every started run's work with `send`, under what its task inherits, one after the
  /// other.
  func runAll(with send: Send<Action>) async {
    for (box, inherited) in runs { try? await inherited.run(box.body, send) }
  }
}
