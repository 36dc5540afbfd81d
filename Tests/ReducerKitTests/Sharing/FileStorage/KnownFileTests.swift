import Foundation
import Testing

@testable import ReducerKit

/// A read after a change notification, begun now.
private func readNow(_ known: inout KnownFile, _ data: Data?) -> KnownFile.ReadAfterChange {
  known.readAfterChange(data, since: known.beginRead())
}

/// A read after a change notification, begun with `token`.
private func read(
  _ known: inout KnownFile, _ data: Data?, since token: KnownFile.ReadToken?
)
  -> KnownFile.ReadAfterChange
{
  known.readAfterChange(data, since: token)
}

/// A write ends well: whether to read again.
private func ended(_ known: inout KnownFile) -> Bool {
  known.didWrite(succeeded: true)
}

@Suite struct KnownFileTests {
  let one = Data("1".utf8)
  let two = Data("2".utf8)
  let nine = Data("9".utf8)

  @Test func aReadBegunBeforeTheFileWasMovedAsideIsReadAgain() {
    var known = KnownFile()
    let token = known.beginRead()
    known.movedAside()
    // What it read may be the file that was moved aside: not the contents now.
    #expect(read(&known, nine, since: token) == .readAgain)
    known.loaded(nine, since: token)
    #expect(known.data == nil)
  }

  @Test func aReadOfTheKeysOwnWriteIsNoChangeAndSomeoneElsesIs() {
    var known = KnownFile()
    known.willWrite(one)
    #expect(ended(&known) == false)
    #expect(readNow(&known, one) == .unchanged)
    #expect(readNow(&known, nine) == .changed)
    #expect(known.data == nine)
    #expect(readNow(&known, nine) == .unchanged)
  }

  @Test func aReadBegunWhileWritingIsNotTrustedAndTheWriteSaysToReadAgain() {
    var known = KnownFile()
    known.willWrite(one)
    #expect(ended(&known) == false)
    known.willWrite(two)
    // The notification of writing "1" reads the file while "2" is being written.
    #expect(known.beginRead() == nil)
    #expect(read(&known, one, since: nil) == .duringWrite)
    #expect(known.data == two)
    #expect(ended(&known))
    #expect(!ended(&known))  // said once
  }

  @Test func aReadAWriteCameAndWentDuringIsReadAgain() {
    var known = KnownFile()
    let token = known.beginRead()
    known.willWrite(two)
    _ = known.didWrite(succeeded: true)
    // It read the file before the write: "1", not a change.
    #expect(read(&known, one, since: token) == .readAgain)
    #expect(known.data == two)
    #expect(readNow(&known, two) == .unchanged)
  }

  @Test func aFailedWriteLeavesTheContentsBeforeIt() {
    var known = KnownFile()
    known.loaded(one, since: known.beginRead())
    known.willWrite(two)
    _ = known.didWrite(succeeded: false)
    #expect(known.data == one)
    #expect(readNow(&known, one) == .unchanged)
  }

  @Test func aLoadAWriteCameDuringKeepsTheWritesContents() {
    var known = KnownFile()
    let token = known.beginRead()
    known.willWrite(two)
    known.loaded(one, since: token)
    #expect(known.data == two)
    _ = known.didWrite(succeeded: true)
    known.loaded(one, since: token)
    #expect(known.data == two)
  }

  @Test func aChangeOrAMoveClearsTheUndecodableReason() {
    var known = KnownFile()
    known.undecodable = "bad"
    #expect(readNow(&known, nine) == .changed)
    #expect(known.undecodable == nil)
    known.undecodable = "bad"
    known.movedAside()
    #expect(known.undecodable == nil)
    #expect(known.data == nil)
  }
}
