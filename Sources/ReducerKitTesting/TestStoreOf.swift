import ReducerKit

/// The test store for a feature, named by its reducer type.
///
/// ```swift
/// @MainActor
/// @Test func counter() async {
///   let store: TestStoreOf<Counter> = TestStore(initialState: Counter.State()) {
///     Counter()
///   }
///   await store.send(.increment) { $0.count = 1 }
/// }
/// ```
///
/// The feature's state must be `Equatable`, as ``TestStore`` requires.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
