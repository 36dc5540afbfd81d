/// A property wrapper for the state of a presented child feature: a sheet, a popover, an alert,
/// or a destination enum of several of them.
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var destination: Destination.State?
/// }
///
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in … }
///     .ifLet(\.$destination, action: Action.destination) { Destination() }
/// }
/// ```
///
/// The wrapped value is the optional child state (`nil`: nothing is presented), read and written
/// like any optional property (`state.destination = .add(ItemForm.State())`). The projected
/// value `$destination` is what the presentation `ifLet` and store scoping take. A property
/// declared without an initial value starts `nil`.
///
/// The child state is stored in a copy-on-write box, so a feature can present itself
/// (recursive state) and a presented child is mutated in place.
@propertyWrapper
public struct PresentationState<State> {
  /// The box holding the child state; copied before a write when it is shared.
  private var storage: Storage

  /// Wraps `wrappedValue`.
  ///
  /// ```swift
  /// @PresentationState var destination: Destination.State? = .add(ItemForm.State())
  /// ```
  public init(wrappedValue: State?) {
    storage = Storage(wrappedValue)
  }

  /// The presented child state, or `nil` when nothing is presented.
  ///
  /// ```swift
  /// state.destination = .add(ItemForm.State())
  /// ```
  public var wrappedValue: State? {
    get { storage.value }
    set {
      if isKnownUniquelyReferenced(&storage) {
        storage.value = newValue
      } else {
        storage = Storage(newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
      yield &storage.value
    }
  }

  /// The wrapper itself: what `ifLet(\.$destination, action:)` and `store.scope` take.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: Action.destination) { Destination() }
  /// ```
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    _modify { yield &self }
  }

  /// The copy-on-write box. A class so that a state can hold itself (a feature presenting
  /// another instance of itself).
  private final class Storage {
    var value: State?

    init(_ value: State?) {
      self.value = value
    }
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Whether both hold equal child states (or both hold none).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the child state.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

// The box is only mutated when uniquely referenced (copy-on-write), so sharing a value across
// tasks shares an immutable box: as safe as the child state itself.
extension PresentationState: @unchecked Sendable where State: Sendable {}

extension PresentationState: PropertyWrapperStorage {}

extension PresentationState: CustomReflectable {
  /// Reflects as the child state, so dumps and diffs show the state, not the box.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}
