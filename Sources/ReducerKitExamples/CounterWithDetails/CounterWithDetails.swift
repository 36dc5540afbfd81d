import ReducerKit

/// RedUx's example app: a count with +1, −1 and a delayed +1 that an `AsyncSequence` effect
/// delivers, and a details sheet presented with `@PresentationState`.
///
/// The sheet's toggle is bound to the store: ``State/isSheetPresented`` is derived from the
/// presentation state and written with ``Action/setSheet(isPresented:)``, so a SwiftUI
/// `sheet(isPresented:)` (or the demo's "details" command) drives it:
///
/// ```swift
/// let store = Store(initialState: CounterWithDetails.State()) { CounterWithDetails() }
/// let isSheetPresented = store.binding(
///   get: \.isSheetPresented, send: CounterWithDetails.Action.setSheet)
/// isSheetPresented.wrappedValue = true   // presents CounterDetails
/// ```
public struct CounterWithDetails: Reducer, Sendable {
  /// The count and the sheet.
  public struct State: Equatable, Sendable {
    /// The number shown.
    public var count: Int
    /// The details sheet, while it is presented.
    @PresentationState public var details: CounterDetails.State?

    /// Creates the feature's state.
    ///
    /// ```swift
    /// CounterWithDetails.State(count: 2)
    /// ```
    public init(count: Int = 0, details: CounterDetails.State? = nil) {
      self.count = count
      self.details = details
    }

    /// Whether the details sheet is shown: what the sheet toggle binds to.
    ///
    /// ```swift
    /// store.binding(get: \.isSheetPresented, send: CounterWithDetails.Action.setSheet)
    /// ```
    public var isSheetPresented: Bool { details != nil }
  }

  /// What the feature does.
  public enum Action: Equatable, Sendable {
    /// The "+1" button.
    case incrementTapped
    /// The "−1" button.
    case decrementTapped
    /// The "delayed +1" button: each press sends one ``increment`` two seconds later.
    case incrementWithDelayTapped
    /// The delayed increment arrived.
    case increment
    /// The sheet toggle: presents the details (with the current count) or dismisses them.
    case setSheet(isPresented: Bool)
    /// The details sheet.
    case details(PresentationAction<CounterDetails.Action>)
  }

  /// The delay of ``Action/incrementWithDelayTapped``.
  public static let delay: Duration = .seconds(2)

  @Dependency(\.continuousClock) var clock

  /// Creates the feature's reducer.
  ///
  /// ```swift
  /// Store(initialState: CounterWithDetails.State()) { CounterWithDetails() }
  /// ```
  public init() {}

  /// The counter's logic, then the sheet's.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped, .increment:
        state.count += 1
        return .none
      case .decrementTapped:
        state.count -= 1
        return .none
      case .incrementWithDelayTapped:
        // An asynchronous sequence of actions: the first tick of a timer, as an increment.
        return .run(clock.timer(interval: Self.delay).prefix(1).map { _ in Action.increment })
      case .setSheet(isPresented: true):
        guard state.details == nil else { return .none }
        state.details = CounterDetails.State(count: state.count)
        return .none
      case .setSheet(isPresented: false):
        state.details = nil
        return .none
      case .details:
        return .none
      }
    }
    .ifLet(\.$details, action: Action.details) { CounterDetails() }
  }
}
