import ReducerKitExamples

extension DemoCommand {
  /// The Counter with details example's commands.
  @MainActor static let details: [DemoCommand] = [
    DemoCommand(keys: [.character("+")], word: "+", help: "+1") { _, _ in
      .send(.details(.incrementTapped))
    },
    DemoCommand(keys: [.character("-")], word: "-", help: "−1") { _, _ in
      .send(.details(.decrementTapped))
    },
    DemoCommand(
      keys: [.character("]")], word: "delayed+", help: "+1 after 2 s (an AsyncSequence effect)"
    ) { _, _ in .send(.details(.incrementWithDelayTapped)) },
    DemoCommand(keys: [.character("s")], word: "sheet", help: "show or hide the details sheet") {
      _, state in .send(.details(.setSheet(isPresented: !state.details.isSheetPresented)))
    },
    DemoCommand(keys: [.character("l")], word: "like", help: "sheet: like") { _, state in
      sheetAction(state, .likes(.likeTapped))
    },
    DemoCommand(keys: [.character("u")], word: "unlike", help: "sheet: unlike") { _, state in
      sheetAction(state, .likes(.unlikeTapped))
    },
    DemoCommand(keys: [.character("f")], word: "favorite", help: "sheet: favourite or not") {
      _, state in sheetAction(state, .favoriteToggled)
    },
    DemoCommand(keys: [.character("x")], word: "close", help: "sheet: close itself (dismiss)") {
      _, state in
      guard state.details.isSheetPresented else { return .hint(noSheet) }
      return .sendAndWait(.details(.details(.presented(.closeTapped))))
    },
  ]

  private static let noSheet = "the details sheet is not shown; type sheet first"

  private static func sheetAction(
    _ state: DemoApp.State, _ action: CounterDetails.Action
  ) -> Outcome {
    guard state.details.isSheetPresented else { return .hint(noSheet) }
    return .send(.details(.details(.presented(action))))
  }
}
