import Observation

/// What a ``Store``'s observation is registered on: a registrar, in an object that is not
/// generic.
///
/// Observation's calls are generic over the subject (`access(_:keyPath:)`,
/// `withMutation(of:keyPath:_:)`), and `Store<State, Action>`'s conformance to `Observable` is
/// a generic class's: the store's own code, which runs unspecialized, looked its witness table
/// up at run time on every access and every change. This subject's conformance is static.
/// Observation tells observers by the registrar and the key path only, so a store's readers are
/// told the same as if the store itself were the subject.
package final class StoreRegistrar: Observable, Sendable {
  private let registrar = ObservationRegistrar()

  package init() {}

  /// Stands for one observed field of the store. The registrar hashes the key path of every
  /// access and mutation; a key path through this subscript hashes one small integer, where
  /// one through the store's `[dynamicMember:]` would hash the whole field key path each time.
  /// The first fields have key paths of their own (``keyPath(ofField:)``), cheaper still.
  package subscript(observedField field: Int) -> Int { field }

  /// The key path that stands for observed field number `field` (-1 for the whole state of a
  /// scoped store), made once per field.
  ///
  /// A key path through a subscript hashes its argument too, through `Int`'s `Hashable`
  /// witness: a few hundred instructions for every access and change, which the registrar
  /// hashes several times. The first sixteen fields (most stores read fewer) and the whole
  /// state get properties without arguments; the rest use ``subscript(observedField:)``.
  package static func keyPath(ofField field: Int) -> KeyPath<StoreRegistrar, Int> {
    switch field {
    case -1: \.wholeScopedState
    case 0: \.field0
    case 1: \.field1
    case 2: \.field2
    case 3: \.field3
    case 4: \.field4
    case 5: \.field5
    case 6: \.field6
    case 7: \.field7
    case 8: \.field8
    case 9: \.field9
    case 10: \.field10
    case 11: \.field11
    case 12: \.field12
    case 13: \.field13
    case 14: \.field14
    case 15: \.field15
    default: \.[observedField: field]
    }
  }

  // What `keyPath(ofField:)` returns for the first fields: only their key paths are used.
  package var wholeScopedState: Int { -1 }
  package var field0: Int { 0 }
  package var field1: Int { 1 }
  package var field2: Int { 2 }
  package var field3: Int { 3 }
  package var field4: Int { 4 }
  package var field5: Int { 5 }
  package var field6: Int { 6 }
  package var field7: Int { 7 }
  package var field8: Int { 8 }
  package var field9: Int { 9 }
  package var field10: Int { 10 }
  package var field11: Int { 11 }
  package var field12: Int { 12 }
  package var field13: Int { 13 }
  package var field14: Int { 14 }
  package var field15: Int { 15 }

  /// Stands for the whole state of a root store, as its observation hub reports it.
  package var state: Int { 0 }

  /// Records a read of what `keyPath` stands for, for `withObservationTracking`.
  package func access(_ keyPath: KeyPath<StoreRegistrar, Int>) {
    registrar.access(self, keyPath: keyPath)
  }

  /// Tells the observers of what `keyPath` stands for that it changed.
  package func didChange(_ keyPath: KeyPath<StoreRegistrar, Int>) {
    registrar.withMutation(of: self, keyPath: keyPath) {}
  }
}
