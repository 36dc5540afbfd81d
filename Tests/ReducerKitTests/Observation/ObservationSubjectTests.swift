import Foundation
import Observation
import Testing

@testable import ReducerKit

/// The object a store registers its observation on: a read of one field is told of that
/// field's change only, and of the whole state's by its own key path.
@Suite struct ObservationSubjectTests {
  /// Tracks `read` once; the result counts the `onChange` calls.
  func track(_ read: () -> Void) -> Locked<Int> {
    let changes = Locked(0)
    withObservationTracking(read) { changes.withLock { $0 += 1 } }
    return changes
  }

  @Test func aReadFieldIsToldOfItsOwnChangeOnly() {
    let subject = ObservationSubject()
    let changes = track { subject.access(\.[observedField: 3]) }
    subject.didChange(\.[observedField: 4])
    subject.didChange(\.state)
    #expect(changes.withLock { $0 } == 0)
    subject.didChange(\.[observedField: 3])
    #expect(changes.withLock { $0 } == 1)
    // Tracking is one-shot: the next change is not told without a new read.
    subject.didChange(\.[observedField: 3])
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func theWholeStateIsItsOwnKeyPath() {
    let subject = ObservationSubject()
    let changes = track { subject.access(\.state) }
    subject.didChange(\.[observedField: -1])
    #expect(changes.withLock { $0 } == 0)
    subject.didChange(\.state)
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func twoSubjectsAreObservedApart() {
    let first = ObservationSubject()
    let second = ObservationSubject()
    let changes = track { first.access(\.[observedField: 0]) }
    second.didChange(\.[observedField: 0])
    #expect(changes.withLock { $0 } == 0)
    first.didChange(\.[observedField: 0])
    #expect(changes.withLock { $0 } == 1)
  }
}
