import ReducerKit

extension TestStore {
  /// Whether the root feature called `dismiss()` (nothing above it presents it).
  ///
  /// ```swift
  /// await store.send(.closeTapped)
  /// #expect(store.isDismissed)
  /// ```
  ///
  /// When it does, the root feature's running effects are cancelled, and no warning is
  /// reported.
  public var isDismissed: Bool {
    rootDismissal.isDismissed
  }
}

/// What a TestStore's root feature does when it calls `dismiss()`: it is recorded, and the
/// store's running effects are cancelled.
@MainActor
final class RootDismissal {
  var isDismissed = false
  /// The store's running effects; set once the store is built.
  var registry: EffectRegistry?

  func dismiss() {
    isDismissed = true
    registry?.cancelAll()
  }
}

/// A line naming the presented (or otherwise removable) children whose effects are still
/// running, for the failure that reports them; empty when they all run at the root.
func runningChildrenNote(_ registry: EffectRegistry?) -> String {
  guard let registry else { return "" }
  let children = registry.runningChildPaths().map { path in
    path.map { component in
      component.id.childName ?? "\(component.id)"
    }
    .joined(separator: " → ")
  }
  guard !children.isEmpty else { return "" }
  return "\nStill running in: \(children.sorted().joined(separator: ", "))"
}
