import ReducerKit

extension DependencyValues {
  /// Values resolved in a test context: a dependency used without an override must have a
  /// `testValue`.
  static var testContext: DependencyValues {
    DependencyValues()
  }
}
