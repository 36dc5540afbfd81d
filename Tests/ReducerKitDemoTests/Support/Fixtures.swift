import Foundation
import ReducerKit
import ReducerKitExamples

@testable import reducerkit_demo

/// States the command tests start from.
enum Fixtures {
  static let milk = TodoRow.State(todo: Todo(id: UUID(1), title: "Milk"))
  static let bread = TodoRow.State(todo: Todo(id: UUID(2), title: "Bread"))
  static let keyboard = Item(id: UUID(10), name: "Keyboard")
  static let mouse = Item(id: UUID(11), name: "Mouse", quantity: 2)

  static func state(_ change: (inout DemoApp.State) -> Void = { _ in }) -> DemoApp.State {
    var state = DemoApp.State()
    change(&state)
    return state
  }

  /// The command with `word` on `screen`.
  @MainActor
  static func command(_ word: String, on screen: Screen) -> DemoCommand {
    (CommandTable.commands(on: screen) + CommandTable.global).first { $0.word == word }!
  }

  /// What the command with `word` on `screen` does with `input` in `state`.
  @MainActor
  static func outcome(
    _ word: String, on screen: Screen, _ input: DemoCommand.Input = .none,
    in state: DemoApp.State = DemoApp.State()
  ) -> DemoCommand.Outcome {
    command(word, on: screen).resolve(input, state)
  }
}
