import Foundation

/// A `.fileStorage` file's contents as its key knows them, as a pure value, so that a change
/// notification for one of the key's own writes is not taken for someone else's change.
///
/// A notification reads the file when it is handled, which may be while the key writes, or
/// after a write began and ended: what it read is then no evidence either way (it may be the
/// key's previous write), so the read is not trusted. A read is a *token* from ``beginRead()``
/// and an answer from ``readAfterChange(_:since:)``: `.readAgain` when a write came and went
/// meanwhile, `.duringWrite` when one is still going (the key reads again once it ends, as
/// ``didWrite(succeeded:)`` says).
struct KnownFile {
  /// The contents as this key last read or wrote them (`nil`: no file).
  private(set) var data: Data?
  /// How many writes (or moves aside) this key began: a read that saw it change is not trusted.
  private(set) var writesBegun: UInt64 = 0
  /// Whether a write is under way.
  private(set) var isWriting = false
  /// Whether a notification came while writing, to be read again once the write ends.
  private(set) var changedDuringWrite = false
  /// The contents before the write under way, put back if it fails.
  private var beforeWrite: Data?
  /// Why the contents, read after a change notification, do not decode: they are moved aside
  /// before the next write.
  var undecodable: String?

  /// A read begun when no write was under way.
  struct ReadToken: Equatable {
    fileprivate let writesBegun: UInt64
  }

  /// Begins a read of the file: its token, or `nil` while a write is under way.
  func beginRead() -> ReadToken? {
    isWriting ? nil : ReadToken(writesBegun: writesBegun)
  }

  /// Whether no write began or was under way since `token` was taken.
  private func isUndisturbed(since token: ReadToken?) -> Bool {
    token == ReadToken(writesBegun: writesBegun) && !isWriting
  }

  /// A load read `data` (begun with `token`): they are the contents, unless a write of this
  /// key's came meanwhile (whose contents are then the known ones).
  mutating func loaded(_ data: Data?, since token: ReadToken?) {
    guard isUndisturbed(since: token) else { return }
    self.data = data
    undecodable = nil
  }

  /// What a read after a change notification found.
  enum ReadAfterChange: Equatable {
    /// The contents this key knows: its own write, or no change.
    case unchanged
    /// Someone else's change: the contents now.
    case changed
    /// A write came and went while reading: read again.
    case readAgain
    /// A write is under way: the key reads again when it ends.
    case duringWrite
  }

  /// A read after a change notification, begun with `token`, found `data`.
  mutating func readAfterChange(_ data: Data?, since token: ReadToken?) -> ReadAfterChange {
    guard isUndisturbed(since: token) else {
      guard isWriting else { return .readAgain }
      changedDuringWrite = true
      return .duringWrite
    }
    guard data != self.data else { return .unchanged }
    self.data = data
    undecodable = nil
    return .changed
  }

  /// The file was moved aside by this key: there is none now, and a read begun before is not
  /// trusted (it may have read the file moved aside).
  mutating func movedAside() {
    data = nil
    undecodable = nil
    writesBegun &+= 1
  }

  /// This key is about to write `data`.
  mutating func willWrite(_ data: Data) {
    beforeWrite = self.data
    self.data = data
    writesBegun &+= 1
    isWriting = true
  }

  /// The write begun by ``willWrite(_:)`` returned; whether a notification came meanwhile
  /// (so that the key reads the file again).
  mutating func didWrite(succeeded: Bool) -> Bool {
    if !succeeded { data = beforeWrite }
    beforeWrite = nil
    isWriting = false
    defer { changedDuringWrite = false }
    return changedDuringWrite
  }
}
