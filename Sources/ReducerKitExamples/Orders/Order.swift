import Foundation
import ReducerKit

/// One order's workflow: placed, its stock reserved, paid, shipped. A charge that times out or
/// finds the payment service unavailable is tried again after a pause on the clock (up to
/// ``maxPaymentAttempts``); a refused one fails the order at once. An order that fails after its
/// reservation gives the stock back (and is refunded when its charges timed out: one that did not
/// answer may have gone through). The customer's cancel, until the order is being shipped,
/// cancels the call in flight (and the pause before a retry) and undoes what may have been done:
/// the stock is released, and a charge refunded. (A cancel cannot know whether a call it stopped
/// had already gone through, so ``OrderClient``'s `release` and `refund` do nothing when nothing
/// was done.) Once the order is being shipped, a cancel is too late and changes nothing.
///
/// Written for a store of its own per order, so that a server runs thousands at once; it runs
/// the same in a `Store` and in a `TestStore`.
///
/// ```swift
/// let store = Store(initialState: Order.State(id: 1, quantity: 2, amount: 1_500)) { Order() }
/// store.send(.place)  // reserving…, paying…, shipping…, shipped
/// ```
public struct Order: Reducer, Sendable {
  /// An order and how far it has gone.
  public struct State: Equatable, Sendable, Identifiable {
    /// The order's number.
    public let id: Int
    /// How many items it is for.
    public var quantity: Int
    /// What it costs, in cents.
    public var amount: Int
    /// How far it has gone.
    public var status: Status
    /// The charges tried so far.
    public var paymentAttempts: Int
    /// Its tracking number, once shipped.
    public var trackingNumber: String?
    /// Why it failed, once it has.
    public var failure: Failure?
    /// Whether a charge timed out (it may have gone through, so a failed order is refunded).
    public var anyChargeTimedOut: Bool

    /// Creates an order that has not been placed yet.
    ///
    /// ```swift
    /// Order.State(id: 1, quantity: 2, amount: 1_500)
    /// ```
    public init(
      id: Int, quantity: Int, amount: Int, status: Status = .new, paymentAttempts: Int = 0,
      trackingNumber: String? = nil, failure: Failure? = nil, anyChargeTimedOut: Bool = false
    ) {
      self.id = id
      self.quantity = quantity
      self.amount = amount
      self.status = status
      self.paymentAttempts = paymentAttempts
      self.trackingNumber = trackingNumber
      self.failure = failure
      self.anyChargeTimedOut = anyChargeTimedOut
    }
  }

  /// How far an order has gone.
  ///
  /// ```swift
  /// Order.Status.allCases.map(\.rawValue)  // ["new", "reserving", "paying", …]
  /// ```
  public enum Status: String, CaseIterable, Equatable, Sendable {
    /// Not placed yet.
    case new
    /// Its stock is being reserved.
    case reserving
    /// Its stock is reserved; it is being charged (or waits to try again).
    case paying
    /// Paid; it is being shipped.
    case shipping
    /// Shipped: the end of a good order.
    case shipped
    /// Cancelled by the customer before it was being shipped.
    case cancelled
    /// It could not go through (see ``State/failure``).
    case failed

    /// Whether the order has ended (shipped, cancelled or failed).
    ///
    /// ```swift
    /// Order.Status.shipped.isFinal  // true
    /// ```
    public var isFinal: Bool { self == .shipped || self == .cancelled || self == .failed }
  }

  /// Why an order failed.
  public enum Failure: Equatable, Sendable {
    /// There was not enough stock.
    case outOfStock
    /// The stock service could not answer (a reservation is not tried again).
    case stockUnavailable
    /// The payment was refused.
    case paymentDeclined
    /// Every charge tried timed out or found the payment service unavailable.
    case paymentUnavailable
  }

  /// What happens to an order.
  public enum Action: Equatable, Sendable {
    /// The customer placed it: its stock is reserved.
    case place
    /// The stock is reserved: it is charged.
    case reserved
    /// The stock could not be reserved.
    case reservationFailed(StockError)
    /// A charge went through: it is shipped.
    case paid
    /// A charge did not go through: refused, unavailable, or no answer within the timeout.
    case chargeFailed(ChargeFailure)
    /// The pause after a failed charge is over: it is charged again.
    case retryPayment
    /// It was shipped, with this tracking number.
    case shipped(trackingNumber: String)
    /// The customer cancelled it.
    case cancel
  }

  /// Why one charge did not go through.
  public enum ChargeFailure: Equatable, Sendable {
    /// The payment service said no: ``PaymentError``.
    case refused(PaymentError)
    /// No answer within ``Order/paymentTimeout``.
    case timedOut
  }

  /// The id the call in flight (and the pause before a retry) runs under, so that a cancel stops
  /// it.
  public enum CancelID: Hashable, Sendable {
    /// The reservation, the charge, the pause or the shipping in flight.
    case inFlight
  }

  /// How long a charge may take before it counts as failed.
  public var paymentTimeout: Duration
  /// How many charges are tried before the order fails (at least one).
  public var maxPaymentAttempts: Int
  /// The pause before the second charge; each retry after it waits once more as long.
  public var retryDelay: Duration

  @Dependency(\.orderClient) var orderClient
  @Dependency(\.continuousClock) var clock

  /// Creates the workflow with its payment policy.
  ///
  /// ```swift
  /// Order(paymentTimeout: .seconds(2), maxPaymentAttempts: 5)
  /// ```
  public init(
    paymentTimeout: Duration = .seconds(5), maxPaymentAttempts: Int = 3,
    retryDelay: Duration = .seconds(1)
  ) {
    self.paymentTimeout = paymentTimeout
    self.maxPaymentAttempts = max(1, maxPaymentAttempts)
    self.retryDelay = retryDelay
  }

  /// Moves the order on for one action.
  ///
  /// ```swift
  /// var state = Order.State(id: 1, quantity: 2, amount: 1_500)
  /// _ = Order().reduce(into: &state, action: .place)  // state.status == .reserving
  /// ```
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .place:
      guard state.status == .new else { return .none }
      state.status = .reserving
      return .run { [id = state.id, quantity = state.quantity, orderClient] send in
        do {
          try await orderClient.reserve(id, quantity)
          await send(.reserved)
        } catch let error as StockError {
          await send(.reservationFailed(error))
        } catch {
          // Cancelled by the customer: nothing to say. Any other failure: the service's.
          guard !Task.isCancelled else { return }
          await send(.reservationFailed(.unavailable))
        }
      }
      .cancellable(id: CancelID.inFlight)

    case .reserved:
      guard state.status == .reserving else { return .none }
      state.status = .paying
      return charge(&state)

    case .reservationFailed(let error):
      guard state.status == .reserving else { return .none }
      state.status = .failed
      switch error {
      case .outOfStock: state.failure = .outOfStock
      case .unavailable: state.failure = .stockUnavailable
      }
      return .none

    case .paid:
      guard state.status == .paying else { return .none }
      state.status = .shipping
      return .run { [id = state.id, orderClient] send in
        await send(.shipped(trackingNumber: orderClient.ship(id)))
      }
      .cancellable(id: CancelID.inFlight)

    case .chargeFailed(let failure):
      guard state.status == .paying else { return .none }
      if failure == .timedOut { state.anyChargeTimedOut = true }
      if failure == .refused(.declined) {
        return fail(&state, .paymentDeclined)
      }
      guard state.paymentAttempts < maxPaymentAttempts else {
        return fail(&state, .paymentUnavailable)
      }
      return .run { [clock, delay = retryDelay * state.paymentAttempts] send in
        try await clock.sleep(for: delay)
        await send(.retryPayment)
      }
      .cancellable(id: CancelID.inFlight)

    case .retryPayment:
      guard state.status == .paying else { return .none }
      return charge(&state)

    case .shipped(let trackingNumber):
      guard state.status == .shipping else { return .none }
      state.status = .shipped
      state.trackingNumber = trackingNumber
      return .none

    case .cancel:
      let undo: Effect<Action>
      switch state.status {
      case .new: undo = .none
      // The reservation may have gone through before the cancel stopped its call.
      case .reserving: undo = release(state.id)
      // So may a charge.
      case .paying: undo = .merge(refund(state.id), release(state.id))
      case .shipping, .shipped, .cancelled, .failed: return .none
      }
      state.status = .cancelled
      return .merge(.cancel(id: CancelID.inFlight), undo)
    }
  }

  /// Tries one more charge, with the timeout.
  private func charge(_ state: inout State) -> Effect<Action> {
    state.paymentAttempts += 1
    return .run { [id = state.id, amount = state.amount, orderClient, clock, paymentTimeout] send in
      let outcome = await Self.charge(
        { try await orderClient.charge(id, amount) }, timeout: paymentTimeout, clock: clock)
      switch outcome {
      case .paid: await send(.paid)
      case .failed(let failure): await send(.chargeFailed(failure))
      case .cancelled: return
      }
    }
    .cancellable(id: CancelID.inFlight)
  }

  /// Fails the order, giving its stock back, and refunding it when a charge timed out (one that
  /// did not answer may have gone through).
  private func fail(_ state: inout State, _ failure: Failure) -> Effect<Action> {
    state.status = .failed
    state.failure = failure
    return .merge(release(state.id), state.anyChargeTimedOut ? refund(state.id) : .none)
  }

  /// Gives the order's stock back, if any was reserved.
  private func release(_ id: Int) -> Effect<Action> {
    .run { [orderClient] _ in await orderClient.release(id) }
  }

  /// Pays the order's charge back, if one went through.
  private func refund(_ id: Int) -> Effect<Action> {
    .run { [orderClient] _ in await orderClient.refund(id) }
  }

  /// How one charge ended.
  private enum ChargeOutcome: Sendable {
    case paid
    case failed(ChargeFailure)
    /// The effect was cancelled (the customer's cancel) before the charge answered.
    case cancelled
  }

  /// What each of the two tasks of a charge ended with.
  private enum ChargeTaskEnding: Sendable {
    case answered(ChargeOutcome)
    case timeoutEnded
    /// The task was cancelled before it ended.
    case cancelled
  }

  /// Runs `charge` against a timeout of `timeout` on `clock`. A charge that answers is kept even
  /// when the timeout ended at the same moment (it is cancelled, and counts as timed out, only
  /// when it has not answered), so with an `ImmediateClock`, where both end at once, the outcome
  /// does not depend on which task ran first, as long as the charge does not check for
  /// cancellation before it answers (one that sleeps on that clock does).
  private static func charge(
    _ charge: @escaping @Sendable () async throws -> Void, timeout: Duration,
    clock: any Clock<Duration>
  ) async -> ChargeOutcome {
    await withTaskGroup(of: ChargeTaskEnding.self) { group in
      group.addTask {
        do {
          try await charge()
          return .answered(.paid)
        } catch let error as PaymentError {
          return .answered(.failed(.refused(error)))
        } catch {
          // A charge that fails in any other way counts as the service being unavailable.
          return Task.isCancelled ? .cancelled : .answered(.failed(.refused(.unavailable)))
        }
      }
      group.addTask {
        do {
          try await clock.sleep(for: timeout)
          return .timeoutEnded
        } catch {
          return .cancelled
        }
      }
      var timedOut = false
      while let ending = await group.next() {
        switch ending {
        case .answered(let outcome):
          group.cancelAll()
          return outcome
        case .timeoutEnded:
          // The charge is cancelled; if it answers all the same, its answer is kept.
          timedOut = true
          group.cancelAll()
        case .cancelled:
          continue
        }
      }
      return timedOut ? .failed(.timedOut) : .cancelled
    }
  }
}
