import Foundation
import Testing

@testable import ReducerKit

@Suite struct ReducerBuilderTests {
  /// Appends `name` to the state for every action.
  struct Append: Reducer {
    let name: String
    func reduce(into state: inout [String], action: Int) -> Effect<Int> {
      state.append(name)
      return .none
    }
  }

  struct Feature: Reducer {
    var flag = true
    var optional = false
    var mode = 0
    var names: [String] = []

    var body: some Reducer<[String], Int> {
      Append(name: "first")
      if flag {
        Append(name: "if-true")
      } else {
        Append(name: "if-false")
      }
      if optional {
        Append(name: "optional")
      }
      switch mode {
      case 0: Append(name: "mode0")
      case 1: Append(name: "mode1")
      default: Append(name: "mode-other")
      }
      for name in names {
        Append(name: name)
      }
      Append(name: "last")
    }
  }

  func run(_ feature: Feature) -> [String] {
    var state: [String] = []
    _ = feature.reduce(into: &state, action: 0)
    return state
  }

  @Test func blocksRunInOrder() {
    #expect(run(Feature()) == ["first", "if-true", "mode0", "last"])
  }

  @Test func ifElseTakesTheRightBranch() {
    #expect(run(Feature(flag: false)) == ["first", "if-false", "mode0", "last"])
  }

  @Test func optionalBlocksRunWhenPresent() {
    #expect(run(Feature(optional: true)) == ["first", "if-true", "optional", "mode0", "last"])
  }

  @Test func switchTakesTheMatchingCase() {
    #expect(run(Feature(mode: 1)) == ["first", "if-true", "mode1", "last"])
    #expect(run(Feature(mode: 7)) == ["first", "if-true", "mode-other", "last"])
  }

  @Test func forLoopsRunEachReducer() {
    #expect(run(Feature(names: ["a", "b"])) == ["first", "if-true", "mode0", "a", "b", "last"])
  }

  @Test func anEmptyBlockIsAnEmptyReducer() {
    let reducer = CombineReducers<[String], Int> {}
    var state: [String] = []
    _ = reducer.reduce(into: &state, action: 0)
    #expect(state.isEmpty)
  }

  @Test func effectsOfABlockAreMerged() {
    let reducer = CombineReducers<Int, Int> {
      Reduce { _, action in action == 0 ? .send(1) : .none }
      Reduce { _, action in action == 0 ? .send(2) : .none }
    }
    var state = 0
    let effect = reducer.reduce(into: &state, action: 0)
    guard case .merge(let effects) = effect.operation else {
      Issue.record("expected a merge, got \(effect.operation)")
      return
    }
    #expect(effects.count == 2)
  }

  @Test func theResolvedFormOfASequenceRunsEveryReducer() {
    let sequence = ReducerBuilder<[String], Int>.buildPartialBlock(
      accumulated: Append(name: "a"), next: Append(name: "b"))
    var state: [String] = []
    _ = sequence.resolved.reduce(&state, 0)
    #expect(state == ["a", "b"])
  }
}
