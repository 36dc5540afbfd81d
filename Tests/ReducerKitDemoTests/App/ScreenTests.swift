import Foundation
import Testing

@testable import reducerkit_demo

@Suite("Screen")
struct ScreenTests {
  @Test("the menu's keys are 1 to 8, in order, and every example has a title and a word")
  func examples() {
    #expect(Screen.examples.compactMap(\.menuKey) == ["1", "2", "3", "4", "5", "6", "7", "8"])
    #expect(Screen.menu.menuKey == nil)
    #expect(Set(Screen.examples.map(\.word)).count == Screen.examples.count)
    #expect(Screen.allCases.allSatisfy { !$0.title.isEmpty })
  }

  @Test("a screen prints as its word")
  func description() {
    #expect("\(Screen.todos)" == "todos")
  }
}
