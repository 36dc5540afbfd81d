import ReducerKit

/// How many orders are in each ``Order/Status``: what a run of many orders shows as they go,
/// and checks at the end.
///
/// ```swift
/// var tally = OrderTally(1, in: .new)
/// tally.move(from: .new, to: .reserving)
/// tally[.reserving]  // 1
/// ```
public struct OrderTally: Equatable, Sendable, CustomStringConvertible {
  private var counts: [Order.Status: Int] = [:]

  /// An empty tally, or one with `count` orders in `status`.
  ///
  /// ```swift
  /// OrderTally(10_000, in: .new)
  /// ```
  public init(_ count: Int = 0, in status: Order.Status = .new) {
    if count > 0 { counts[status] = count }
  }

  /// The tally of `orders`.
  ///
  /// ```swift
  /// OrderTally(of: [Order.State(id: 1, quantity: 1, amount: 100)])[.new]  // 1
  /// ```
  public init(of orders: some Sequence<Order.State>) {
    for order in orders { counts[order.status, default: 0] += 1 }
  }

  /// How many orders are in `status`.
  ///
  /// ```swift
  /// tally[.shipped]
  /// ```
  public subscript(status: Order.Status) -> Int { counts[status, default: 0] }

  /// How many orders there are in all.
  ///
  /// ```swift
  /// tally.total  // 10_000
  /// ```
  public var total: Int { counts.values.reduce(0, +) }

  /// How many orders have ended (shipped, cancelled or failed).
  ///
  /// ```swift
  /// tally.finished == tally.total  // every order is done
  /// ```
  public var finished: Int {
    Order.Status.allCases.filter(\.isFinal).map { self[$0] }.reduce(0, +)
  }

  /// Counts one order that moved from `old` to `new` (nothing when they are the same). An order
  /// moved out of a status the tally holds none in shows there as a negative count.
  ///
  /// ```swift
  /// tally.move(from: .paying, to: .shipping)
  /// ```
  public mutating func move(from old: Order.Status, to new: Order.Status) {
    guard old != new else { return }
    counts[old, default: 0] -= 1
    counts[new, default: 0] += 1
    if counts[old] == 0 { counts[old] = nil }
  }

  /// The counts in status order, the empty ones left out: `"reserving 3, paying 5, shipped 2"`.
  ///
  /// ```swift
  /// print(tally)  // "shipped 9412, cancelled 100, failed 488"
  /// ```
  public var description: String {
    let parts = Order.Status.allCases.compactMap { status in
      self[status] > 0 ? "\(status.rawValue) \(self[status])" : nil
    }
    return parts.isEmpty ? "no orders" : parts.joined(separator: ", ")
  }
}
