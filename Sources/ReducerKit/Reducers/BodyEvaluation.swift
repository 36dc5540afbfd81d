/// Which features' bodies are being evaluated, so that a feature that contains itself (a tree,
/// threaded comments, TCA's `Nested` case study: `.forEach(\.rows, action: Action.rows) { Self() }`)
/// defers its inner body instead of evaluating it forever.
///
/// ReducerKit evaluates a feature's `body` once, when the level that holds the feature is
/// built. Evaluating a body builds the levels inside it, which evaluate their children's
/// bodies: for a feature inside its own body that never ends. So while a feature's body is
/// evaluated, a level built for the same feature type gets a ``DeferredBody`` instead, which
/// evaluates the body the first time an action reaches that level (and keeps it). A recursive
/// feature thus costs one body per level the state actually has, built when first used.
///
/// The set is per task (or per thread outside a task): bodies are evaluated synchronously, so
/// what one store's construction marks is never seen by another's.
@usableFromInline
enum BodyEvaluation {
  /// The feature types whose body is being evaluated on this task or thread.
  @TaskLocal private static var featuresInEvaluation: Set<ObjectIdentifier> = []

  /// Runs `evaluate` with `Feature` marked as being evaluated; `nil` without running it when
  /// `Feature` already is (its body contains it).
  @usableFromInline
  static func evaluating<Feature, Result>(
    _ feature: Feature.Type, _ evaluate: () -> Result
  ) -> Result? {
    let key = ObjectIdentifier(Feature.self)
    let features = featuresInEvaluation
    guard !features.contains(key) else { return nil }
    return $featuresInEvaluation.withValue(features.union([key]), operation: evaluate)
  }
}

/// A feature's body that ``BodyEvaluation`` deferred: evaluated the first time an action reaches
/// it, then kept.
///
/// The evaluation happens under a lock, so stores on different threads that share one reducer
/// value build it once; the reduce itself runs outside the lock (a level may run on the same
/// deferred body from two stores at once).
@usableFromInline
final class DeferredBody<Feature: Reducer> {
  /// The feature, until its body is built; then the child that runs it.
  private let child: Locked<Either>

  private enum Either {
    case pending(Feature)
    case built(ResolvedReducer<Feature>)
  }

  @usableFromInline
  init(_ feature: Feature) {
    child = Locked(.pending(feature))
  }

  /// Runs the feature's body, built the first time.
  @usableFromInline
  func reduce(into state: inout Feature.State, action: Feature.Action) -> Effect<Feature.Action> {
    let child = self.child.withLock { child -> ResolvedReducer<Feature> in
      switch child {
      case .built(let built):
        return built
      case .pending(let feature):
        // Built here, not where the level was made: the feature's body evaluated now marks
        // the feature again, so the level inside it that holds the feature defers in turn.
        let built = ResolvedReducer(feature)
        child = .built(built)
        return built
      }
    }
    return child.resolved.reduce(&state, action)
  }
}
