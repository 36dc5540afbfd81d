import Foundation
import Testing

@testable import ReducerKit

private enum Action: Hashable {
  case open(Int)
  case save
}

private func labels(@ButtonStateBuilder<Action> _ build: () -> [ButtonState<Action>]) -> [String] {
  build().map { String(state: $0.label) }
}

@Suite("ButtonStateBuilder")
struct ButtonStateBuilderTests {
  @Test("buttons come out in the order they are written; an empty block has none")
  func block() {
    #expect(
      labels {
        ButtonState(action: .save) { TextState("Save") }
        ButtonState(action: .open(1)) { TextState("Open") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } == ["Save", "Open", "Cancel"])
    #expect(labels {}.isEmpty)
  }

  @Test("if without else adds its buttons only when the condition holds", arguments: [false, true])
  func optional(canSave: Bool) {
    let result = labels {
      if canSave {
        ButtonState(action: .save) { TextState("Save") }
      }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    #expect(result == (canSave ? ["Save", "Cancel"] : ["Cancel"]))
  }

  @Test("if let adds its buttons only when the optional has a value")
  func ifLet() {
    func build(_ draft: Int?) -> [String] {
      labels {
        if let draft {
          ButtonState(action: .open(draft)) { TextState("Open \(draft)") }
        }
      }
    }
    #expect(build(3) == ["Open 3"])
    #expect(build(nil).isEmpty)
  }

  @Test("if-else and switch take the buttons of the branch that runs")
  func either() {
    func build(_ value: Int) -> [String] {
      labels {
        if value > 0 {
          ButtonState(action: .save) { TextState("Save") }
        } else {
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        switch value {
        case 1: ButtonState(action: .open(1)) { TextState("One") }
        case 2: ButtonState(action: .open(2)) { TextState("Two") }
        default: ButtonState(role: .cancel) { TextState("Other") }
        }
      }
    }
    #expect(build(1) == ["Save", "One"])
    #expect(build(2) == ["Save", "Two"])
    #expect(build(0) == ["Cancel", "Other"])
  }

  @Test("for loops add the buttons of every iteration")
  func array() {
    let result = labels {
      for id in 1...3 {
        ButtonState(action: .open(id)) { TextState("Open \(id)") }
      }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    #expect(result == ["Open 1", "Open 2", "Open 3", "Cancel"])
  }

  @Test("if #available adds its buttons")
  func limitedAvailability() {
    let result = labels {
      if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
        ButtonState(action: .save) { TextState("Save") }
      }
    }
    #expect(result == ["Save"])
  }
}
