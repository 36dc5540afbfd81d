/// `import ReducerKitTesting` alone gives the library too (`StackState`, `CasePath`, `Store`, …),
/// as one import of TCA's gives a test everything it needs.
///
/// ```swift
/// import ReducerKitTesting
/// import Testing
///
/// @Test func push() async {
///   let store = TestStore(initialState: App.State()) { App() }
///   await store.send(.path(.push(id: 0, state: .detail(Detail.State())))) {
///     $0.path[id: 0] = .detail(Detail.State())
///   }
/// }
/// ```
@_exported import ReducerKit
