import ReducerKitExamples
import Testing

@Suite struct OrderTallyTests {
  @Test func aTallyCountsOrdersByStatus() {
    let orders = [
      Order.State(id: 1, quantity: 1, amount: 100, status: .shipped),
      Order.State(id: 2, quantity: 1, amount: 100, status: .shipped),
      Order.State(id: 3, quantity: 1, amount: 100, status: .paying),
    ]
    let tally = OrderTally(of: orders)
    #expect(tally[.shipped] == 2)
    #expect(tally[.paying] == 1)
    #expect(tally[.new] == 0)
    #expect(tally.total == 3)
    #expect(tally.finished == 2)
  }

  @Test func movingAnOrderKeepsTheTotal() {
    var tally = OrderTally(3, in: .new)
    tally.move(from: .new, to: .reserving)
    tally.move(from: .reserving, to: .failed)
    tally.move(from: .new, to: .new)
    #expect(tally[.new] == 2)
    #expect(tally[.reserving] == 0)
    #expect(tally[.failed] == 1)
    #expect(tally.total == 3)
    #expect(tally.finished == 1)
    // An emptied status is gone: the same tally as one counted afresh.
    #expect(
      tally
        == OrderTally(of: [
          Order.State(id: 1, quantity: 1, amount: 1),
          Order.State(id: 2, quantity: 1, amount: 1),
          Order.State(id: 3, quantity: 1, amount: 1, status: .failed),
        ]))
  }

  @Test func theDescriptionListsTheNonEmptyCountsInStatusOrder() {
    var tally = OrderTally(3, in: .new)
    tally.move(from: .new, to: .shipped)
    tally.move(from: .new, to: .paying)
    #expect(tally.description == "new 1, paying 1, shipped 1")
    #expect(OrderTally().description == "no orders")
  }
}
