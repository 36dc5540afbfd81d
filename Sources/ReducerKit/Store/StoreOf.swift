/// The store for a feature, named by its reducer type, as in TCA.
///
/// ```swift
/// struct CounterView {
///   let store: StoreOf<Counter>   // Store<Counter.State, Counter.Action>
/// }
/// ```
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
