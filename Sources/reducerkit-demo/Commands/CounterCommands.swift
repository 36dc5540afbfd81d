extension DemoCommand {
  /// The Counter example's commands.
  @MainActor static let counter: [DemoCommand] = [
    DemoCommand(keys: [.character("+")], word: "+", help: "+1") { _, _ in
      .send(.counter(.incrementTapped))
    },
    DemoCommand(keys: [.character("-")], word: "-", help: "−1") { _, _ in
      .send(.counter(.decrementTapped))
    },
    DemoCommand(keys: [.character("]")], word: "delayed+", help: "+1 after 1 s (again: restarts)") {
      _, _ in .send(.counter(.delayedIncrementTapped))
    },
    DemoCommand(
      keys: [.character("[")], word: "delayed-", help: "−1 after 0.5 s (again: restarts)"
    ) { _, _ in .send(.counter(.delayedDecrementTapped)) },
    DemoCommand(keys: [.character("c")], word: "cancel", help: "cancel both delays") { _, _ in
      .send(.counter(.cancelDelayedTapped))
    },
  ]

  /// The Random quote example's commands.
  @MainActor static let quote: [DemoCommand] = [
    DemoCommand(
      keys: [.character("l")], word: "load",
      help: "load a quote (again while loading: cancels the first request)"
    ) { _, _ in .send(.quote(.loadTapped)) }
  ]
}
