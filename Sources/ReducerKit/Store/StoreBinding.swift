#if canImport(SwiftUI)
import SwiftUI
#endif

/// A two-way connection between a form control and one field of a store's state.
///
/// Reading ``wrappedValue`` reads the field through ``Store/state`` (so Observation, and
/// SwiftUI, track it); setting it sends the feature's `binding` action, which a
/// ``BindingReducer`` applies. Get one from ``Store/binding(_:)``:
///
/// ```swift
/// let name = store.binding(\.name)
/// name.wrappedValue = "Blob"  // sends .binding(.set(\.name, "Blob"))
/// name.wrappedValue           // "Blob", once the reducer ran
/// ```
@MainActor
public struct StoreBinding<Value>: Sendable {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The field's current value; setting it sends a binding action to the store.
  ///
  /// ```swift
  /// let isOn = store.binding(\.isOn)
  /// isOn.wrappedValue.toggle()
  /// ```
  ///
  /// A write is reduced before the setter returns, like any ``Store/send(_:)``, so reading the
  /// value right after a write sees what the reducer made of it.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// A binding to one field of the state, for a form control.
  ///
  /// ```swift
  /// let name = store.binding(\.name)
  /// name.wrappedValue = "Blob"
  /// print(store.name)  // "Blob"
  /// ```
  ///
  /// The binding reads the field through ``state``, so reading it inside
  /// `withObservationTracking` (or a SwiftUI `body`) is notified when the state changes. Setting
  /// it sends `.binding(.set(keyPath, newValue))`; the feature needs a ``BindingReducer`` to apply
  /// it.
  ///
  /// - Parameter keyPath: The field to bind.
  /// - Returns: A binding that reads the field and sends a binding action when written.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable
  ) -> StoreBinding<Value> {
    StoreBinding(
      get: { self.state[keyPath: keyPath] },
      set: { self.send(.binding(.set(keyPath, $0))) })
  }
}

#if canImport(SwiftUI)
extension StoreBinding where Value: Sendable {
  /// The binding as a SwiftUI `Binding`, for a control.
  ///
  /// ```swift
  /// TextField("Name", text: store.binding(\.name).swiftUI)
  /// ```
  public var swiftUI: SwiftUI.Binding<Value> {
    SwiftUI.Binding(self)
  }
}

extension SwiftUI.Binding where Value: Sendable {
  /// A SwiftUI binding that reads and writes through a ``StoreBinding``.
  ///
  /// ```swift
  /// Toggle("Notifications", isOn: Binding(store.binding(\.isOn)))
  /// ```
  ///
  /// SwiftUI reads and writes bindings on the main actor.
  ///
  /// - Parameter storeBinding: The store binding to read and write.
  public init(_ storeBinding: StoreBinding<Value>) {
    self.init(
      get: { MainActor.assumeIsolated { storeBinding.wrappedValue } },
      set: { newValue in MainActor.assumeIsolated { storeBinding.wrappedValue = newValue } })
  }
}
#endif
