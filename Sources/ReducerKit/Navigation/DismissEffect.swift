/// Dismisses the feature that calls it: the presentation that holds it (`ifLet(\.$x, …)`) gets a
/// `.dismiss` action.
///
/// ```swift
/// struct ItemForm: Reducer {
///   @Dependency(\.dismiss) var dismiss
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .saveTapped:
///       return .run { _ in await dismiss() }
///     }
///   }
/// }
/// ```
///
/// Call it from an effect of a presented feature (or of any feature composed inside it): the
/// nearest presentation above the effect's feature receives `.dismiss`, sets its state to `nil`,
/// and cancels the feature's effects (the one that called `dismiss()` included). Called where
/// nothing presents the feature (the root of a ``Store``, or a child composed only with
/// ``Scope`` or a plain `ifLet`), it reports a runtime warning and does nothing else. Under a
/// TestStore, the root feature's `dismiss()` is recorded (the TestStore's `isDismissed`).
public struct DismissEffect: Sendable {
  /// A replacement for the presentation's dismissal (for tests of the effect alone); `nil` to
  /// dismiss the presentation in force for the calling effect.
  private let dismiss: (@Sendable () async -> Void)?

  init() {
    dismiss = nil
  }

  /// A dismiss effect that runs `dismiss` instead of dismissing a presentation.
  package init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = dismiss
  }

  /// Dismisses the presented feature whose effect calls it.
  ///
  /// ```swift
  /// return .run { _ in await dismiss() }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where it is called, for the warning when nothing presents the feature.
  ///   - line: Where it is called, for the warning when nothing presents the feature.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
    if let dismiss { return await dismiss() }
    if let presentation = Self.presentation { return await presentation.dismiss() }
    runtimeWarn(
      """
      "dismiss()" was called where nothing presents the feature: the effect does not belong to \
      a feature presented with "ifLet(\\.$…, action:)" (or pushed on a stack). Nothing was \
      dismissed.
      """, fileID: fileID, line: line)
  }

  /// How the effect running now dismisses its feature: set around the body of every effect of a
  /// presented feature (``Effect/withDismiss(_:)``), the innermost presentation winning. A task
  /// local of its own rather than a dependency value, so that a reducer's `.dependency` override
  /// (which reinstalls the dependency values as they were while it ran) cannot hide it.
  @TaskLocal package static var presentation: DismissHandler?

  /// Runs `operation` with `handler` as the dismissal in force (see ``presentation``).
  package static func withPresentation<R>(
    _ handler: DismissHandler,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $presentation.withValue(handler, operation: operation, isolation: isolation)
  }
}

/// How an effect of a presented feature dismisses it: what ``DismissEffect/presentation``
/// holds. A class rather than a bare closure, set with an explicit isolation: a bare closure
/// set through `withValue` without one crashed in optimized builds (Swift 6.3.1).
package final class DismissHandler: Sendable {
  /// Dismisses the feature.
  let dismiss: @Sendable () async -> Void

  package init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = dismiss
  }
}

extension DependencyValues {
  /// Dismisses the presented feature that calls it (see ``DismissEffect``).
  ///
  /// ```swift
  /// @Dependency(\.dismiss) var dismiss
  ///
  /// case .saveTapped:
  ///   return .run { _ in await dismiss() }
  /// ```
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension Effect {
  /// This effect with `dismiss()` called from its asynchronous work running `dismiss`, given the
  /// effect's own `Send`: how a presentation (or a stack element) makes its child's
  /// `dismiss()` send the action that removes the child.
  ///
  /// Apply it to the child's effect after mapping it to the parent's actions; an inner
  /// presentation's `withDismiss` (applied first) wins over an outer one. The `Send` drops what
  /// is sent once the calling effect has been cancelled.
  ///
  /// ```swift
  /// childEffect.map(Action.element).withDismiss { send in send(.popFrom(id: id)) }
  /// ```
  package func withDismiss(
    _ dismiss: @escaping @MainActor @Sendable (Send<Action>) -> Void
  ) -> Self {
    inheriting(TaskInheritance(dismiss: dismiss))
  }

  /// This effect with `dismiss()` called from its asynchronous work sending `action` through
  /// the effect's own `Send` (dropped once that effect is cancelled).
  ///
  /// ```swift
  /// childEffect.map(Action.element).withDismiss(sending: .popFrom(id: id))
  /// ```
  package func withDismiss(sending action: Action) -> Self {
    if isNone { return self }
    // Only sent on the main actor, through the effect's `Send`.
    let action = UncheckedSendable(action)
    return withDismiss { send in send(action.value) }
  }
}
