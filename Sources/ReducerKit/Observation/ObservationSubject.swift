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
package final class ObservationSubject: Observable, Sendable {
  private let registrar = ObservationRegistrar()

  package init() {}

  /// Stands for one observed field of the store. The registrar hashes the key path of every
  /// access and mutation; a key path through this subscript hashes one small integer, where
  /// one through the store's `[dynamicMember:]` would hash the whole field key path each time.
  package subscript(observedField field: Int) -> Int { field }

  /// Stands for the whole state of a root store, as its observation hub reports it.
  package var state: Int { 0 }

  /// Records a read of what `keyPath` stands for, for `withObservationTracking`.
  package func access(_ keyPath: KeyPath<ObservationSubject, Int>) {
    registrar.access(self, keyPath: keyPath)
  }

  /// Tells the observers of what `keyPath` stands for that it changed.
  package func didChange(_ keyPath: KeyPath<ObservationSubject, Int>) {
    registrar.withMutation(of: self, keyPath: keyPath) {}
  }
}
