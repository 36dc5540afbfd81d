import Foundation
import ReducerKit

/// The services an ``Order`` goes through: stock, payment and shipping. The dependency of
/// ``Order``.
///
/// `release` and `refund` undo whatever was done for an order, and do nothing when nothing was:
/// a cancel cannot know whether a call it cancelled had already gone through.
///
/// The live client stands in for remote services (no network is used): each call takes 5 to
/// 50 ms on the `continuousClock` dependency, a reservation finds no stock for one order in 20, a
/// charge is refused for one in 50 and fails for a moment (``PaymentError/unavailable``, retried by
/// the order) one time in 10. The test value is unimplemented: a test says what each service does.
///
/// ```swift
/// let store = TestStore(initialState: Order.State(id: 1, quantity: 2, amount: 1_500)) {
///   Order()
/// } withDependencies: {
///   $0.orderClient = OrderClient(
///     reserve: { _, _ in }, release: { _ in }, charge: { _, _ in }, refund: { _ in },
///     ship: { id in "TRACK-\(id)" })
/// }
/// ```
public struct OrderClient: Sendable {
  /// Reserves `quantity` items for the order with this id; throws a ``StockError`` when it cannot.
  ///
  /// ```swift
  /// try await orderClient.reserve(7, 2)
  /// ```
  public var reserve: @Sendable (_ order: Int, _ quantity: Int) async throws -> Void

  /// Gives back the items reserved for the order with this id, if any (a cancelled or failed
  /// order).
  ///
  /// ```swift
  /// await orderClient.release(7)
  /// ```
  public var release: @Sendable (_ order: Int) async -> Void

  /// Charges `amount` (in cents) for the order with this id; throws a ``PaymentError`` when the
  /// payment did not go through.
  ///
  /// ```swift
  /// try await orderClient.charge(7, 1_500)
  /// ```
  public var charge: @Sendable (_ order: Int, _ amount: Int) async throws -> Void

  /// Pays back what was charged for the order with this id, if anything (a cancelled order, or
  /// one whose charges timed out: a charge that did not answer may have gone through).
  ///
  /// ```swift
  /// await orderClient.refund(7)
  /// ```
  public var refund: @Sendable (_ order: Int) async -> Void

  /// Ships the order with this id and returns its tracking number.
  ///
  /// ```swift
  /// let tracking = await orderClient.ship(7)  // "TRACK-7"
  /// ```
  public var ship: @Sendable (_ order: Int) async -> String

  /// Creates a client from its services.
  ///
  /// ```swift
  /// OrderClient(
  ///   reserve: { id, quantity in try await stock.reserve(id, quantity) },
  ///   release: { id in await stock.release(id) },
  ///   charge: { id, amount in try await payments.charge(id, amount) },
  ///   refund: { id in await payments.refund(id) },
  ///   ship: { id in await shipping.ship(id) })
  /// ```
  public init(
    reserve: @escaping @Sendable (_ order: Int, _ quantity: Int) async throws -> Void,
    release: @escaping @Sendable (_ order: Int) async -> Void,
    charge: @escaping @Sendable (_ order: Int, _ amount: Int) async throws -> Void,
    refund: @escaping @Sendable (_ order: Int) async -> Void,
    ship: @escaping @Sendable (_ order: Int) async -> String
  ) {
    self.reserve = reserve
    self.release = release
    self.charge = charge
    self.refund = refund
    self.ship = ship
  }
}

/// Why stock could not be reserved.
///
/// ```swift
/// throw StockError.outOfStock
/// ```
public enum StockError: Error, Equatable, Sendable {
  /// There are not enough items left.
  case outOfStock
  /// The stock service could not answer (any other error a reservation throws counts as this).
  case unavailable
}

/// Why a charge did not go through.
///
/// ```swift
/// throw PaymentError.unavailable  // the order tries again
/// ```
public enum PaymentError: Error, Equatable, Sendable {
  /// The payment was refused: trying again would not help.
  case declined
  /// The payment service could not answer now: the order tries again after a pause.
  case unavailable
}

extension OrderClient {
  /// The live client's answers, as a pure function of the order's id and a random number in
  /// `0..<1000` (so they can be tested without any delay): whether the reservation finds stock
  /// (not for one order in 20), and what a charge does (refused for one order in 50, unavailable
  /// one time in 10).
  ///
  /// ```swift
  /// OrderClient.liveOutcome(order: 20, roll: 0).isInStock  // false
  /// ```
  ///
  /// - Parameters:
  ///   - order: The order's id.
  ///   - roll: A random number in `0..<1000`, drawn for each charge.
  public static func liveOutcome(order: Int, roll: Int) -> (isInStock: Bool, charge: PaymentError?)
  {
    let isInStock = order % 20 != 0
    if order % 50 == 25 { return (isInStock, .declined) }
    return (isInStock, roll < 100 ? .unavailable : nil)
  }
}

extension OrderClient: DependencyKey {
  /// Stands in for remote services: each call waits 5 to 50 ms on the `continuousClock`
  /// dependency, and answers as ``liveOutcome(order:roll:)`` says.
  ///
  /// ```swift
  /// let store = Store(initialState: Order.State(id: 1, quantity: 1, amount: 999)) { Order() }
  /// ```
  public static let liveValue = OrderClient { order, _ in
    try await latency()
    guard liveOutcome(order: order, roll: 0).isInStock else { throw StockError.outOfStock }
  } release: { _ in
    try? await latency()
  } charge: { order, _ in
    try await latency()
    if let error = liveOutcome(order: order, roll: Int.random(in: 0..<1000)).charge { throw error }
  } refund: { _ in
    try? await latency()
  } ship: { order in
    try? await latency()
    return "TRACK-\(order)"
  }

  /// Unimplemented: reports a test failure when a service is called (and throws, or answers
  /// with a placeholder, where the service cannot throw).
  ///
  /// ```swift
  /// TestStore(initialState: Order.State(id: 1, quantity: 1, amount: 999)) { Order() } withDependencies: {
  ///   $0.orderClient.reserve = { _, _ in }
  /// }
  /// ```
  public static let testValue = OrderClient(
    reserve: unimplemented("OrderClient.reserve"),
    release: unimplemented("OrderClient.release", placeholder: ()),
    charge: unimplemented("OrderClient.charge"),
    refund: unimplemented("OrderClient.refund", placeholder: ()),
    ship: unimplemented("OrderClient.ship", placeholder: ""))

  /// The live client's stand-in for a service's latency; stops (throws) when the task is
  /// cancelled.
  private static func latency() async throws {
    @Dependency(\.continuousClock) var clock
    try await clock.sleep(for: .milliseconds(Int.random(in: 5...50)))
  }
}

extension DependencyValues {
  /// The services ``Order`` reserves, charges and ships with.
  ///
  /// ```swift
  /// @Dependency(\.orderClient) var orderClient
  /// ```
  public var orderClient: OrderClient {
    get { self[OrderClient.self] }
    set { self[OrderClient.self] = newValue }
  }
}
