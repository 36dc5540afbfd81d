import Foundation
import Testing

@testable import ReducerKit

@MainActor @Suite struct SharedReadRecorderTests {
  @Test func aReadDuringARecordingIsTakenAndNoneOutsideOne() {
    withFreshSharedStorage {
      let count = Shared(wrappedValue: 0, .inMemory("count"))
      #expect(SharedReadRecorder.take() == nil)
      let wasRecording = SharedReadRecorder.begin()
      #expect(!wasRecording)
      _ = count.wrappedValue
      _ = count.wrappedValue  // the same root twice in a row: noted once
      let taken = SharedReadRecorder.take()
      #expect(taken?.count == 1)
      #expect(taken?.first === count.snapshotRoot)
      #expect(SharedReadRecorder.take()?.isEmpty == true)
      SharedReadRecorder.end(wasRecording)
      _ = count.wrappedValue
      #expect(SharedReadRecorder.take() == nil)
    }
  }

  @Test func aDerivedReferenceNotesItsRoot() {
    withFreshSharedStorage {
      let pair = Shared(wrappedValue: (first: 1, second: 2), .inMemory("pair"))
      let wasRecording = SharedReadRecorder.begin()
      defer { SharedReadRecorder.end(wasRecording) }
      _ = pair.reader.wrappedValue.first
      #expect(SharedReadRecorder.take()?.first === pair.snapshotRoot)
    }
  }

  @Test func aNestedRecordingLeavesTheOuterOneOn() {
    withFreshSharedStorage {
      let count = Shared(wrappedValue: 0, .inMemory("count"))
      let outer = SharedReadRecorder.begin()
      let inner = SharedReadRecorder.begin()
      #expect(inner)
      SharedReadRecorder.end(inner)
      _ = count.wrappedValue
      #expect(SharedReadRecorder.take()?.count == 1)
      SharedReadRecorder.end(outer)
      #expect(SharedReadRecorder.take() == nil)
    }
  }

  @Test func aReadOnAnotherThreadIsNotNoted() {
    let count = withFreshSharedStorage { Shared(wrappedValue: 0, .inMemory("count")) }
    // Waited for without suspending: a recording never spans an `await` (the other tests on
    // the main actor would run inside it), as a store's field read never does.
    let wasRecording = SharedReadRecorder.begin()
    defer { SharedReadRecorder.end(wasRecording) }
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = count.wrappedValue
      done.signal()
    }
    done.wait()
    #expect(SharedReadRecorder.take()?.isEmpty == true)
  }
}
