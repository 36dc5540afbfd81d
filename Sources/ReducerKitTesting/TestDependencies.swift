import ReducerKit

extension DependencyValues {
  /// Values resolved in a test context: a dependency used without an override must have a
  /// `testValue`, or its use fails the test with its name.
  static var testContext: DependencyValues {
    var values = DependencyValues()
    values.context = .test
    // Each test store counts its stack ids from 0 (`StackState.append`, `push(id:)`).
    values.stackElementID = StackElementIDGenerator()
    return values
  }
}
