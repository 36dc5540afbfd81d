import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

/// An order's whole workflow under an exhaustive TestStore: every route to its end (shipped,
/// out of stock, refused, retried, timed out, cancelled at each step), and ten thousand orders
/// run at once with an `ImmediateClock`, each ending as its client says.
@MainActor
@Suite struct OrderTests {
  private static let order = Order.State(id: 7, quantity: 2, amount: 1_500)

  /// What the undoing services were called for.
  private final class Undone: Sendable {
    let released = Recorder<Int>()
    let refunded = Recorder<Int>()
  }

  /// A client whose services answer at once (reserve, charge) or as given, and that records
  /// what it released and refunded in `undone`.
  private static func client(
    reserve: @escaping @Sendable (Int, Int) async throws -> Void = { _, _ in },
    charge: @escaping @Sendable (Int, Int) async throws -> Void = { _, _ in },
    ship: @escaping @Sendable (Int) async -> String = { "TRACK-\($0)" },
    undone: Undone = Undone()
  ) -> OrderClient {
    OrderClient(
      reserve: reserve, release: { undone.released.record($0) }, charge: charge,
      refund: { undone.refunded.record($0) }, ship: ship)
  }

  private func makeStore(
    _ client: OrderClient, clock: TestClock = TestClock(), initialState: Order.State = order
  ) -> TestStoreOf<Order> {
    TestStore(initialState: initialState) {
      Order()
    } withDependencies: {
      $0.orderClient = client
      $0.continuousClock = clock
    }
  }

  /// Receives the reservation's answer: the order is charged for the first time. (A failure is
  /// reported at the caller's line.)
  private func receiveReserved(
    _ store: TestStoreOf<Order>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line
  ) async {
    await store.receive(
      .reserved,
      assert: {
        $0.status = .paying
        $0.paymentAttempts = 1
      }, fileID: fileID, filePath: filePath, line: line)
  }

  /// Receives the charge going through and order 7 shipping. (A failure is reported at the
  /// caller's line.)
  private func receivePaidAndShipped(
    _ store: TestStoreOf<Order>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line
  ) async {
    await store.receive(
      .paid, assert: { $0.status = .shipping }, fileID: fileID, filePath: filePath, line: line)
    await store.receive(
      .shipped(trackingNumber: "TRACK-7"),
      assert: {
        $0.status = .shipped
        $0.trackingNumber = "TRACK-7"
      }, fileID: fileID, filePath: filePath, line: line)
  }

  @Test func aGoodOrderIsReservedPaidAndShipped() async {
    let undone = Undone()
    let store = makeStore(Self.client(undone: undone))
    await store.send(.place) { $0.status = .reserving }
    await receiveReserved(store)
    await receivePaidAndShipped(store)
    await store.finish()
    #expect(undone.released.recorded.isEmpty)
    #expect(undone.refunded.recorded.isEmpty)
  }

  @Test func anOrderWithoutStockFailsAndUndoesNothing() async {
    let undone = Undone()
    let store = makeStore(
      Self.client(reserve: { _, _ in throw StockError.outOfStock }, undone: undone))
    await store.send(.place) { $0.status = .reserving }
    await store.receive(.reservationFailed(.outOfStock)) {
      $0.status = .failed
      $0.failure = .outOfStock
    }
    await store.finish()
    #expect(undone.released.recorded.isEmpty)
    #expect(undone.refunded.recorded.isEmpty)
  }

  @Test func aReservationThatFailsInAnyOtherWayFailsTheOrder() async {
    struct Offline: Error {}
    let store = makeStore(Self.client(reserve: { _, _ in throw Offline() }))
    await store.send(.place) { $0.status = .reserving }
    await store.receive(.reservationFailed(.unavailable)) {
      $0.status = .failed
      $0.failure = .stockUnavailable
    }
    await store.finish()
  }

  @Test func aRefusedPaymentFailsAtOnceAndGivesTheStockBack() async {
    let undone = Undone()
    let store = makeStore(
      Self.client(charge: { _, _ in throw PaymentError.declined }, undone: undone))
    await store.send(.place) { $0.status = .reserving }
    await receiveReserved(store)
    await store.receive(.chargeFailed(.refused(.declined))) {
      $0.status = .failed
      $0.failure = .paymentDeclined
    }
    await store.finish()
    #expect(undone.released.recorded == [7])
    // Refused: nothing was charged.
    #expect(undone.refunded.recorded.isEmpty)
  }

  @Test func anUnavailablePaymentIsTriedAgainAfterLongerAndLongerPauses() async {
    let clock = TestClock()
    let charges = Recorder<Int>()
    let store = makeStore(
      Self.client(charge: { id, _ in
        charges.record(id)
        // Unavailable twice, then through.
        if charges.recorded.count < 3 { throw PaymentError.unavailable }
      }), clock: clock)
    await store.send(.place) { $0.status = .reserving }
    await receiveReserved(store)
    await store.receive(.chargeFailed(.refused(.unavailable)))
    await clock.advance(by: .milliseconds(999))
    #expect(charges.recorded.count == 1)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.retryPayment) { $0.paymentAttempts = 2 }
    await store.receive(.chargeFailed(.refused(.unavailable)))
    // The second pause is twice as long.
    await clock.advance(by: .milliseconds(1_999))
    #expect(charges.recorded.count == 2)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.retryPayment) { $0.paymentAttempts = 3 }
    await receivePaidAndShipped(store)
    await store.finish()
  }

  @Test func aPaymentThatNeverAnswersTimesOutThreeTimesAndTheOrderFailsRefunded() async {
    let clock = TestClock()
    let undone = Undone()
    let cancelledCharges = Recorder<Int>()
    let store = makeStore(
      Self.client(
        charge: { id, _ in
          do { try await Task.never() } catch { cancelledCharges.record(id) }
          throw CancellationError()
        }, undone: undone), clock: clock)
    await store.send(.place) { $0.status = .reserving }
    await receiveReserved(store)
    await clock.advance(by: .seconds(4))
    #expect(cancelledCharges.recorded.isEmpty)
    await clock.advance(by: .seconds(1))
    await store.receive(.chargeFailed(.timedOut)) { $0.anyChargeTimedOut = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.retryPayment) { $0.paymentAttempts = 2 }
    await clock.advance(by: .seconds(5))
    await store.receive(.chargeFailed(.timedOut))
    await clock.advance(by: .seconds(2))
    await store.receive(.retryPayment) { $0.paymentAttempts = 3 }
    await clock.advance(by: .seconds(5))
    await store.receive(.chargeFailed(.timedOut)) {
      $0.status = .failed
      $0.failure = .paymentUnavailable
    }
    await store.finish()
    // Each charge that timed out was cancelled; one may have gone through all the same, so the
    // order is refunded as its stock goes back.
    #expect(cancelledCharges.recorded == [7, 7, 7])
    #expect(undone.released.recorded == [7])
    #expect(undone.refunded.recorded == [7])
  }

  @Test func aRefusalAfterATimeoutIsRefunded() async {
    let clock = TestClock()
    let undone = Undone()
    let charges = Recorder<Int>()
    let store = makeStore(
      Self.client(
        charge: { id, _ in
          charges.record(id)
          // No answer the first time, refused the second.
          if charges.recorded.count == 1 { try await Task.never() }
          throw PaymentError.declined
        }, undone: undone), clock: clock)
    await store.send(.place) { $0.status = .reserving }
    await receiveReserved(store)
    await clock.advance(by: .seconds(5))
    await store.receive(.chargeFailed(.timedOut)) { $0.anyChargeTimedOut = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.retryPayment) { $0.paymentAttempts = 2 }
    await store.receive(.chargeFailed(.refused(.declined))) {
      $0.status = .failed
      $0.failure = .paymentDeclined
    }
    await store.finish()
    #expect(undone.released.recorded == [7])
    #expect(undone.refunded.recorded == [7])
  }

  @Test func aChargeThatAnswersAfterTheTimeoutEndedIsKept() async {
    // With an `ImmediateClock` the timeout ends at once, most often before a charge that takes a
    // few turns answers; the charge is then cancelled, answers all the same, and its answer wins.
    // (Whichever ends first, the order is paid.)
    let store = TestStore(initialState: Self.order) {
      Order()
    } withDependencies: {
      $0.orderClient = Self.client(charge: { _, _ in
        for _ in 0..<10 { await Task.yield() }
      })
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.place) { $0.status = .reserving }
    await receiveReserved(store)
    await receivePaidAndShipped(store)
    await store.finish()
  }

  /// Where the customer cancels.
  enum CancelPoint: String, CaseIterable, Sendable {
    case beforePlacing, whileReserving, whileCharging, whilePausingBeforeARetry
  }

  @Test(arguments: CancelPoint.allCases)
  func theCustomersCancelStopsWhatIsInFlightAndUndoesWhatMayHaveBeenDone(
    at point: CancelPoint
  ) async {
    let clock = TestClock()
    let undone = Undone()
    let stopped = Recorder<String>()
    /// A service call that waits until it is cancelled, and records that it was.
    @Sendable func hang(_ name: String) async throws {
      do { try await Task.never() } catch { stopped.record(name) }
      throw CancellationError()
    }
    let store = makeStore(
      Self.client(
        reserve: { _, _ in if point == .whileReserving { try await hang("reserve") } },
        charge: { _, _ in
          switch point {
          case .whileCharging: try await hang("charge")
          case .whilePausingBeforeARetry: throw PaymentError.unavailable
          case .beforePlacing, .whileReserving: break
          }
        }, undone: undone), clock: clock)
    if point != .beforePlacing {
      await store.send(.place) { $0.status = .reserving }
    }
    if point == .whileCharging || point == .whilePausingBeforeARetry {
      await receiveReserved(store)
    }
    if point == .whilePausingBeforeARetry {
      await store.receive(.chargeFailed(.refused(.unavailable)))
    }
    await store.send(.cancel) { $0.status = .cancelled }
    // Nothing more arrives, however long the clock runs: the call or the pause was cancelled.
    await clock.run()
    await store.finish()
    switch point {
    case .whileReserving: #expect(stopped.recorded == ["reserve"])
    case .whileCharging: #expect(stopped.recorded == ["charge"])
    case .beforePlacing, .whilePausingBeforeARetry: #expect(stopped.recorded.isEmpty)
    }
    // Whatever may have gone through is undone: the reservation from the moment it was asked
    // for, the charge from the moment the order is paying.
    let paying = point == .whileCharging || point == .whilePausingBeforeARetry
    #expect(undone.released.recorded == (point == .beforePlacing ? [] : [7]))
    #expect(undone.refunded.recorded == (paying ? [7] : []))
  }

  @Test func aCancelOnceTheOrderIsBeingShippedIsTooLate() async {
    let clock = TestClock()
    let undone = Undone()
    let store = makeStore(
      Self.client(
        ship: { id in
          try? await clock.sleep(for: .seconds(1))
          return "TRACK-\(id)"
        }, undone: undone), clock: clock)
    await store.send(.place) { $0.status = .reserving }
    await receiveReserved(store)
    await store.receive(.paid) { $0.status = .shipping }
    await store.send(.cancel)
    await clock.advance(by: .seconds(1))
    await store.receive(.shipped(trackingNumber: "TRACK-7")) {
      $0.status = .shipped
      $0.trackingNumber = "TRACK-7"
    }
    await store.send(.cancel)
    await store.send(.place)
    await store.finish()
    #expect(undone.released.recorded.isEmpty)
    #expect(undone.refunded.recorded.isEmpty)
  }

  // MARK: - Ten thousand at once

  /// How order `id` ends with ``tenThousandClient(undone:)``.
  private static func expectedEnd(of id: Int) -> Order.State {
    var order = Order.State(id: id, quantity: 1 + id % 3, amount: 100 * id)
    if id % 13 == 0 {
      order.status = .cancelled
    } else if id % 20 == 0 {
      (order.status, order.failure) = (.failed, .outOfStock)
    } else if id % 50 == 25 {
      (order.status, order.failure, order.paymentAttempts) = (.failed, .paymentDeclined, 1)
    } else if id % 11 == 0 {
      (order.status, order.failure, order.paymentAttempts) = (.failed, .paymentUnavailable, 3)
      order.anyChargeTimedOut = true
    } else {
      (order.status, order.trackingNumber) = (.shipped, "TRACK-\(id)")
      order.paymentAttempts = id % 7 == 0 ? 2 : 1
    }
    return order
  }

  /// Order `id`'s services: its reservation waits until cancelled (the customer cancels) when
  /// `id % 13 == 0`, finds no stock when `id % 20 == 0`; its charge is refused when
  /// `id % 50 == 25`, never answers when `id % 11 == 0`, is unavailable the first time when
  /// `id % 7 == 0`.
  private static func tenThousandClient(undone: Undone) -> OrderClient {
    let charged = Recorder<Int>()
    return OrderClient { id, _ in
      if id % 13 == 0 { try await Task.never() }
      if id % 20 == 0 { throw StockError.outOfStock }
    } release: { id in
      undone.released.record(id)
    } charge: { id, _ in
      if id % 50 == 25 { throw PaymentError.declined }
      if id % 11 == 0 { try await Task.never() }
      if id % 7 == 0 {
        let first = !charged.recorded.contains(id)
        charged.record(id)
        if first { throw PaymentError.unavailable }
      }
    } refund: { id in
      undone.refunded.record(id)
    } ship: { id in
      "TRACK-\(id)"
    }
  }

  @Test func tenThousandOrdersAtOnceEachEndAsTheirClientSays() async {
    let undone = Undone()
    let client = Self.tenThousandClient(undone: undone)
    let clock = ImmediateClock()
    let ids = 1...10_000
    let stores = ids.map { id in
      Store(initialState: Order.State(id: id, quantity: 1 + id % 3, amount: 100 * id)) {
        Order()
      } withDependencies: {
        $0.orderClient = client
        $0.continuousClock = clock
      }
    }
    var tasks: [StoreTask] = []
    for store in stores {
      tasks.append(store.send(.place))
      if store.withState(\.id) % 13 == 0 { tasks.append(store.send(.cancel)) }
    }
    for task in tasks { await task.finish() }

    let ends = stores.map { $0.withState { $0 } }
    let expected = ids.map(Self.expectedEnd(of:))
    #expect(ends == expected)
    let tally = OrderTally(of: ends)
    #expect(tally == OrderTally(of: expected))
    #expect(tally.total == 10_000)
    #expect(tally.finished == 10_000)
    #expect(tally[.cancelled] == ids.filter { $0 % 13 == 0 }.count)
    // Stock goes back for every order cancelled while reserving and every one that failed after
    // its reservation; only those whose charges timed out are refunded.
    #expect(
      undone.released.recorded.sorted()
        == expected.filter {
          $0.status == .cancelled || $0.failure == .paymentDeclined
            || $0.failure == .paymentUnavailable
        }
        .map(\.id))
    #expect(
      undone.refunded.recorded.sorted() == expected.filter(\.anyChargeTimedOut).map(\.id))
  }
}
