import ReducerKit
import ReducerKitExamples

extension DemoCommand {
  /// The Search example's commands.
  @MainActor static let search: [DemoCommand] = [
    DemoCommand(
      keys: [.character("/")], word: "query", argument: .text(placeholder: "TEXT"),
      help: "search; each keystroke cancels the search waiting or in flight (300 ms debounce)",
      resolve: { input, _ in
        guard case .text(let query) = input else { return .hint("type a query: query TEXT") }
        return .send(.search(.queryChanged(query)))
      }, sendsEachChange: true),
    DemoCommand(keys: [.character("x")], word: "clear", help: "clear the query and the results") {
      _, _ in .send(.search(.queryChanged("")))
    },
    DemoCommand(
      keys: [.character("o"), .right], word: "open", argument: .row,
      help: "push the result's details (they load on their own)"
    ) { input, state in
      let empty =
        state.search.isSearching
        ? "still searching; type wait first" : "there are no results; type query TEXT"
      return rowIndex(input, count: state.search.results.count, empty: empty).outcome { index in
        .send(.search(.resultTapped(state.search.results[index].id)))
      }
    },
    DemoCommand(
      keys: [.character("b"), .left], word: "back", help: "details: close itself (dismiss)"
    ) { _, state in
      guard let top = state.search.path.ids.last else {
        return .hint("no details are open; type open N first")
      }
      return .sendAndWait(.search(.path(.element(id: top, action: .detail(.closeTapped)))))
    },
  ]
}
