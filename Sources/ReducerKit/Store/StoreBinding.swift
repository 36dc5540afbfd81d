#if canImport(SwiftUI)
import SwiftUI
#endif

/// A two-way connection between a form control and one field of a store's state.
///
/// Reading ``wrappedValue`` reads the field through ``Store/state`` (so Observation, and
/// SwiftUI, track it); setting it sends the feature's `binding` action, which a
/// ``BindingReducer`` applies. Get one from ``Store/binding(_:fileID:line:)``, or, for a
/// feature that sends its own actions, from ``Store/binding(_:send:)`` and
/// ``Store/binding(get:send:)``:
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
  /// it. When none applies it, a runtime warning (at the place the binding was made) says so.
  ///
  /// For a feature without a `binding` action, use ``binding(_:send:)`` or
  /// ``binding(get:send:)``.
  ///
  /// - Parameters:
  ///   - keyPath: The field to bind.
  ///   - fileID: Where to report a binding action no ``BindingReducer`` applied; the caller's by
  ///     default.
  ///   - line: The line to report it at.
  /// - Returns: A binding that reads the field and sends a binding action when written.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StoreBinding<Value> {
    StoreBinding(
      get: { self.state[keyPath: keyPath] },
      set: { newValue in
        // An action for state that is gone is dropped with its own warning; do not add a
        // misleading "no BindingReducer" one.
        let action: BindingAction<State> =
          self.core.isValid
          ? .fromStoreBinding(keyPath, newValue, fileID: fileID, line: line)
          : .set(keyPath, newValue)
        self.send(.binding(action))
      })
  }
}

extension Store
where
  Action: ViewAction, Action.ViewAction: BindableAction,
  Action.ViewAction.State == State
{
  /// A binding to one field of the state for a feature whose bindings sit under its `view`
  /// case (TCA's `ViewAction` pattern, with ``BindingReducer/init(action:)``): setting it sends
  /// `.view(.binding(.set(keyPath, newValue)))`.
  ///
  /// ```swift
  /// let email = store.binding(\.email)
  /// email.wrappedValue = "blob@example.com"  // sends .view(.binding(.set(\.email, …)))
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field to bind.
  ///   - fileID: Where to report a binding action no ``BindingReducer`` applied; the caller's by
  ///     default.
  ///   - line: The line to report it at.
  /// - Returns: A binding that reads the field and sends a binding action when written.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StoreBinding<Value> {
    StoreBinding(
      get: { self.state[keyPath: keyPath] },
      set: { newValue in
        let action: BindingAction<State> =
          self.core.isValid
          ? .fromStoreBinding(keyPath, newValue, fileID: fileID, line: line)
          : .set(keyPath, newValue)
        self.send(.view(.binding(action)))
      })
  }
}

extension Store {
  /// A binding that reads a value from the state and sends an action of your feature when it is
  /// written: for features that do not use ``BindableAction``, or for a derived value.
  ///
  /// ```swift
  /// struct Feature: Reducer {
  ///   struct State: Equatable { var sheet: Sheet.State? }
  ///   enum Action: Equatable { case setSheet(Bool) }
  ///   // …
  /// }
  ///
  /// let isPresented = store.binding(get: { $0.sheet != nil }, send: Feature.Action.setSheet)
  /// isPresented.wrappedValue = false  // sends .setSheet(false)
  /// ```
  ///
  /// `get` may be a key path (`get: \.isSheetPresented`). The binding reads through ``state``,
  /// so reading it is observed like any state read. Writing it sends `send(newValue)`, reduced
  /// before the setter returns.
  ///
  /// - Parameters:
  ///   - get: Reads the binding's value from the state.
  ///   - send: Makes the action to send when the binding is written, such as a case
  ///     constructor.
  /// - Returns: A binding to the value.
  public func binding<Value>(
    get: @escaping (_ state: State) -> Value,
    send: @escaping (_ value: Value) -> Action
  ) -> StoreBinding<Value> {
    StoreBinding(
      get: { get(self.state) },
      set: { self.send(send($0)) })
  }

  /// A binding to one field of the state that sends an action of your feature when it is
  /// written: for features that do not use ``BindableAction``.
  ///
  /// ```swift
  /// struct Feature: Reducer {
  ///   struct State: Equatable { var query = "" }
  ///   enum Action: Equatable { case queryChanged(String) }
  ///   // …
  /// }
  ///
  /// let query = store.binding(\.query, send: Feature.Action.queryChanged)
  /// query.wrappedValue = "Blob"  // sends .queryChanged("Blob")
  /// ```
  ///
  /// The feature's reducer decides what to do with the action (usually store the value). The
  /// binding reads the field through ``state``, so reading it is observed.
  ///
  /// - Parameters:
  ///   - keyPath: The field to read.
  ///   - send: Makes the action to send when the binding is written, such as a case
  ///     constructor.
  /// - Returns: A binding to the field.
  public func binding<Value>(
    _ keyPath: KeyPath<State, Value>,
    send: @escaping (_ value: Value) -> Action
  ) -> StoreBinding<Value> {
    binding(get: { $0[keyPath: keyPath] }, send: send)
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
