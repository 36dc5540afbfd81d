// ReducerKit: reducers, effects, and a store that runs them. See Docs/GettingStarted.md.
