import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@testable import reducerkit_demo

@MainActor
@Suite("DemoRunner")
struct DemoRunnerTests {
  /// A runner over a store of the demo, and what it wrote.
  @MainActor
  final class Harness {
    var written: [String] = []
    let store: StoreOf<DemoApp>
    var runner: DemoRunner!

    init(
      _ state: DemoApp.State = DemoApp.State(),
      clock: any Clock<Duration> = TestClock()
    ) {
      store = Store(initialState: state) {
        DemoApp()
      } withDependencies: {
        $0.continuousClock = clock
        $0.uuid = .incrementing
        $0.actionLogger = .silent
      }
      runner = DemoRunner(store: store) { [unowned self] in written.append($0) }
    }

    func keys(_ keys: Key...) async {
      for key in keys { _ = await runner.handle(key) }
    }
  }

  @Test("a menu key opens the example and shows its help; its keys then send its actions")
  func menuThenKeys() async {
    let harness = Harness()
    await harness.keys(.character("1"))
    #expect(harness.store.state.screen == .counter)
    #expect(harness.written.last == CommandTable.help(on: .counter))
    await harness.keys(.character("+"), .character("+"))
    #expect(harness.store.state.counter.count == 2)
  }

  @Test("a key with no command, an arrow on a screen without rows: a one-line hint, no action")
  func hints() async {
    let harness = Harness(Fixtures.state { $0.screen = .counter })
    await harness.keys(.character("z"), .up, .unknown("Esc [15~"))
    #expect(
      harness.written == [
        "hint: z does nothing on the counter screen; press ? for the keys",
        "hint: ↑ does nothing on the counter screen; press ? for the keys",
        "hint: Esc [15~ does nothing on the counter screen; press ? for the keys",
      ])
    #expect(harness.store.state == Fixtures.state { $0.screen = .counter })
  }

  @Test("a text command's key asks for the text: typed, edited, Enter sends it once")
  func typing() async {
    let harness = Harness(Fixtures.state { $0.screen = .todos })
    await harness.keys(.character("a"), .character("M"), .character("x"), .backspace)
    #expect(harness.store.state.todos.rows.isEmpty)
    // While typing, command keys are text: `q` does not quit.
    await harness.keys(.character("q"), .enter)
    #expect(harness.store.state.todos.rows.map(\.todo.title) == ["Mq"])
    #expect(
      harness.written.prefix(4) == [
        "add TITLE: type it, Enter to finish, Esc to give up", "> M", "> Mx", "> M",
      ])
  }

  @Test("Esc gives up typing without sending")
  func typingGivenUp() async {
    let harness = Harness(Fixtures.state { $0.screen = .todos })
    await harness.keys(.character("a"), .character("M"), .escape)
    #expect(harness.store.state.todos.rows.isEmpty)
    #expect(harness.written.last == "(add: given up)")
    #expect(harness.store.state.screen == .todos)
  }

  @Test("a query is sent at every keystroke, Backspace too; Enter and Esc only stop typing")
  func liveTyping() async {
    let harness = Harness(Fixtures.state { $0.screen = .search })
    await harness.keys(.character("/"), .character("m"), .character("a"), .backspace, .enter)
    #expect(harness.store.state.search.query == "m")
    #expect(
      harness.written == [
        "query TEXT: type it (each keystroke is sent), Enter or Esc to stop"
      ])
    // Typing has ended: `x` is the clear command again, not text.
    await harness.keys(.character("x"))
    #expect(harness.store.state.search.query == "")
  }

  @Test("↑ and ↓ select a row, within the list; row commands use the selection")
  func selection() async {
    let harness = Harness(
      Fixtures.state {
        $0.screen = .todos
        $0.todos.rows = [Fixtures.milk, Fixtures.bread]
      })
    await harness.keys(.up, .up, .up)
    #expect(harness.written == ["selected: 1. Milk", "selected: 1. Milk", "selected: 1. Milk"])
    await harness.keys(.down)
    #expect(harness.written.last == "selected: 2. Bread")
    await harness.keys(.up, .character("t"))
    #expect(harness.store.state.todos.rows[id: Fixtures.milk.id]?.todo.isComplete == true)
  }

  @Test("lines: an unknown one is a hint; quit ends; blank lines are skipped")
  func lines() async {
    let harness = Harness()
    #expect(await harness.runner.handle(line: "   "))
    #expect(await harness.runner.handle(line: "frob"))
    #expect(harness.written == ["hint: unknown command \"frob\" on the menu; type help"])
    #expect(await harness.runner.handle(line: "quit") == false)
  }

  @Test("wait lets the effects sent so far answer")
  func wait() async {
    // An immediate clock: the delayed +1 answers as soon as its effect runs.
    let harness = Harness(Fixtures.state { $0.screen = .counter }, clock: ImmediateClock())
    _ = await harness.runner.handle(line: "delayed+")
    _ = await harness.runner.handle(line: "wait")
    #expect(harness.store.state.counter.count == 1)
  }

  @Test("wait does not wait for a detail screen's timer, which runs until the screen closes")
  func waitLeavesTimers() async {
    // The test clock never moves: were wait to await the timer, this test would not end.
    let harness = Harness(
      Fixtures.state {
        $0.screen = .inventory
        $0.inventory.items = [Fixtures.keyboard]
      })
    _ = await harness.runner.handle(line: "open 1")
    _ = await harness.runner.handle(line: "wait")
    #expect(harness.store.state.inventory.path.count == 1)
    await harness.runner.finish()
    #expect(harness.store.state.inventory.path.isEmpty)
  }

  @Test("finishing closes the pushed screens (their timers stop) and awaits the other effects")
  func finish() async {
    let clock = TestClock()
    let harness = Harness(
      Fixtures.state {
        $0.screen = .inventory
        $0.inventory.items = [Fixtures.keyboard]
      }, clock: clock)
    _ = await harness.runner.handle(line: "open 1")
    #expect(harness.store.state.inventory.path.count == 1)
    await clock.advance(by: .seconds(2))
    await harness.runner.finish()
    #expect(harness.store.state.inventory.path.isEmpty)
  }
}
