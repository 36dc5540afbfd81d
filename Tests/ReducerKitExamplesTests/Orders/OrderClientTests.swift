import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@Suite struct OrderClientTests {
  @Test func theLiveOutcomeFindsNoStockForOneOrderInTwenty() {
    let withoutStock = (1...1_000).filter {
      !OrderClient.liveOutcome(order: $0, roll: 500).isInStock
    }
    #expect(withoutStock == Array(stride(from: 20, through: 1_000, by: 20)))
  }

  @Test func theLiveOutcomeRefusesOneOrderInFiftyAndIsUnavailableOneTimeInTen() {
    let refused = (1...1_000).filter {
      OrderClient.liveOutcome(order: $0, roll: 500).charge == .declined
    }
    #expect(refused == Array(stride(from: 25, through: 1_000, by: 50)))
    let unavailable = (0..<1_000).filter {
      OrderClient.liveOutcome(order: 1, roll: $0).charge == .unavailable
    }
    #expect(unavailable == Array(0..<100))
  }

  @Test func theLiveClientShipsWithATrackingNumber() async throws {
    try await withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      let client = OrderClient.liveValue
      #expect(await client.ship(7) == "TRACK-7")
      try await client.reserve(1, 2)
      await #expect(throws: StockError.outOfStock) { try await client.reserve(20, 1) }
      await #expect(throws: PaymentError.declined) { try await client.charge(25, 100) }
    }
  }
}
