import Foundation
import ReducerKit
import ReducerKitExamples
import Testing

@testable import reducerkit_demo

@MainActor
@Suite("InventoryCommands")
struct InventoryCommandsTests {
  let two = Fixtures.state { $0.inventory.items = [Fixtures.keyboard, Fixtures.mouse] }
  var form: DemoApp.State {
    var state = two
    state.inventory.destination = .add(ItemForm.State(item: Item(id: UUID(12), name: "Pen")))
    return state
  }

  @Test("add opens the sheet, and hints while something is shown")
  func add() {
    #expect(Fixtures.outcome("add", on: .inventory) == .send(.inventory(.addTapped)))
    #expect(
      Fixtures.outcome("add", on: .inventory, in: form)
        == .hint("close what is shown first (save, discard, confirm, keep)"))
  }

  @Test("the sheet's commands go to the form; save and discard wait for its dismiss effect")
  func sheet() {
    func form(_ action: ItemForm.Action) -> DemoApp.Action {
      .inventory(.destination(.presented(.add(action))))
    }
    #expect(
      Fixtures.outcome("name", on: .inventory, .text("Pen"), in: self.form)
        == .send(form(.nameChanged("Pen"))))
    #expect(
      Fixtures.outcome("more", on: .inventory, in: self.form) == .send(form(.incrementQuantity)))
    #expect(
      Fixtures.outcome("less", on: .inventory, in: self.form) == .send(form(.decrementQuantity)))
    #expect(
      Fixtures.outcome("save", on: .inventory, in: self.form) == .sendAndWait(form(.saveTapped)))
    #expect(
      Fixtures.outcome("discard", on: .inventory, in: self.form)
        == .sendAndWait(form(.cancelTapped)))
    for word in ["more", "less", "save", "discard"] {
      #expect(
        Fixtures.outcome(word, on: .inventory, in: two)
          == .hint("no add sheet is open; type add first"))
    }
    #expect(
      Fixtures.outcome("name", on: .inventory, .text(""), in: self.form)
        == .hint("type a name: name TEXT"))
  }

  @Test("save needs a name; open waits for the sheet or alert to close; delete for the detail")
  func guards() {
    var unnamed = two
    unnamed.inventory.destination = .add(ItemForm.State(item: Item(id: UUID(12), name: " ")))
    #expect(
      Fixtures.outcome("save", on: .inventory, in: unnamed)
        == .hint("give the item a name first: name TEXT"))
    #expect(
      Fixtures.outcome("open", on: .inventory, .row(1), in: form)
        == .hint("close what is shown first (save, discard, confirm, keep)"))
    var pushed = two
    pushed.inventory.path.append(.detail(ItemDetail.State(item: Fixtures.keyboard)))
    #expect(
      Fixtures.outcome("delete", on: .inventory, .row(1), in: pushed)
        == .hint("close the detail screen first: back"))
  }

  @Test("delete and open take a row; open and back push and pop the detail")
  func rows() {
    #expect(
      Fixtures.outcome("delete", on: .inventory, .row(1), in: two)
        == .send(.inventory(.deleteTapped(Fixtures.keyboard.id))))
    #expect(
      Fixtures.outcome("open", on: .inventory, .row(nil), in: two)
        == .send(.inventory(.itemTapped(Fixtures.mouse.id))))
    #expect(
      Fixtures.outcome("open", on: .inventory, .row(1))
        == .hint("the inventory is empty; type add"))
    #expect(
      Fixtures.outcome("back", on: .inventory, in: two)
        == .hint("no detail screen is open; type open N first"))
    var pushed = two
    pushed.inventory.path.append(.detail(ItemDetail.State(item: Fixtures.keyboard)))
    let top = pushed.inventory.path.ids.last!
    #expect(
      Fixtures.outcome("back", on: .inventory, in: pushed)
        == .sendAndWait(.inventory(.path(.element(id: top, action: .detail(.closeTapped))))))
  }

  @Test("confirm and keep answer the delete alert, and hint without one")
  func alert() {
    let hint = DemoCommand.Outcome.hint("no delete alert is shown; type delete N first")
    #expect(Fixtures.outcome("confirm", on: .inventory, in: two) == hint)
    #expect(Fixtures.outcome("keep", on: .inventory, in: form) == hint)
    var alerting = two
    _ = Inventory().reduce(into: &alerting.inventory, action: .deleteTapped(Fixtures.keyboard.id))
    #expect(
      Fixtures.outcome("confirm", on: .inventory, in: alerting)
        == .send(
          .inventory(.destination(.presented(.alert(.confirmDeletion(Fixtures.keyboard.id)))))))
    #expect(
      Fixtures.outcome("keep", on: .inventory, in: alerting)
        == .send(.inventory(.destination(.dismiss))))
  }
}
