import Foundation
import Observation
import Testing

@testable import ReducerKit

/// The object a store registers its observation on: a read of one field is told of that
/// field's change only, and of the whole state's by its own key path.
@Suite struct StoreRegistrarTests {
  /// Tracks `read` once; the result counts the `onChange` calls.
  func track(_ read: () -> Void) -> Locked<Int> {
    let changes = Locked(0)
    withObservationTracking(read) { changes.withLock { $0 += 1 } }
    return changes
  }

  @Test func aReadFieldIsToldOfItsOwnChangeOnly() {
    let subject = StoreRegistrar()
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
    let subject = StoreRegistrar()
    let changes = track { subject.access(\.state) }
    subject.didChange(\.[observedField: -1])
    #expect(changes.withLock { $0 } == 0)
    subject.didChange(\.state)
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func everyFieldNumberHasAKeyPathOfItsOwn() {
    // The first sixteen and the whole state have properties of their own, the rest the
    // subscript: a read of one is told of its own change only, across the boundary too.
    let subject = StoreRegistrar()
    let numbers = Array(-1...20)
    let keyPaths = numbers.map { StoreRegistrar.keyPath(ofField: $0) }
    #expect(Set(keyPaths).count == numbers.count)
    #expect(StoreRegistrar.keyPath(ofField: 3) == StoreRegistrar.keyPath(ofField: 3))
    #expect(StoreRegistrar.keyPath(ofField: 17) == \StoreRegistrar.[observedField: 17])
    for (number, keyPath) in zip(numbers, keyPaths) {
      #expect(subject[keyPath: keyPath] == number)
      let changes = track { subject.access(keyPath) }
      for other in keyPaths where other != keyPath { subject.didChange(other) }
      #expect(changes.withLock { $0 } == 0, "field \(number)")
      subject.didChange(keyPath)
      #expect(changes.withLock { $0 } == 1, "field \(number)")
    }
  }

  @MainActor
  @Test func aPartKeepsItsSubjectAndTellsIt() {
    var subject: StoreRegistrar? = StoreRegistrar()
    weak let held = subject
    let keyPath = StoreRegistrar.keyPath(ofField: 2)
    let part = ObservedPart.make(
      \Int.self, offset: 0, notify: PartNotification(subject: subject, keyPath: keyPath))
    let changes = track { subject!.access(keyPath) }
    // The part holds the subject: with no other reference, it is still there, and told.
    subject = nil
    #expect(held != nil)
    part.notify()
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func aSubjectGoesWithTheLastPartThatHoldsIt() {
    weak var held: StoreRegistrar?
    do {
      let subject = StoreRegistrar()
      held = subject
      let part = ObservedPart.make(
        \Int.self, offset: 0,
        notify: PartNotification(subject: subject, keyPath: StoreRegistrar.keyPath(ofField: 0)))
      withExtendedLifetime(part) { #expect(held != nil) }
    }
    #expect(held == nil)
  }

  @Test func twoSubjectsAreObservedApart() {
    let first = StoreRegistrar()
    let second = StoreRegistrar()
    let changes = track { first.access(\.[observedField: 0]) }
    second.didChange(\.[observedField: 0])
    #expect(changes.withLock { $0 } == 0)
    first.didChange(\.[observedField: 0])
    #expect(changes.withLock { $0 } == 1)
  }
}
