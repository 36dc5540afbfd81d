extension DemoCommand {
  /// The shared-stats counter's commands.
  @MainActor static let stats: [DemoCommand] = [
    DemoCommand(keys: [.character("+")], word: "+", help: "+1 (the profile sees it)") { _, _ in
      .send(.stats(.incrementTapped))
    },
    DemoCommand(keys: [.character("-")], word: "-", help: "−1 (the profile sees it)") { _, _ in
      .send(.stats(.decrementTapped))
    },
  ]

  /// The profile's commands.
  @MainActor static let profile: [DemoCommand] = [
    DemoCommand(keys: [.character("r")], word: "reset", help: "reset the stats, for both screens") {
      _, _ in .send(.profile(.resetStatsTapped))
    }
  ]
}
