import Foundation
import Testing

@testable import ReducerKit

/// The cancellation table's index of tokens by key, on its own, with keys whose hashes collide
/// (made with a chosen hash), checked after every change.
@Suite struct TokenIndexTests {
  let timer = EffectKey(path: [], id: EffectID("timer"), hash: 7)
  let other = EffectKey(path: [], id: EffectID("other"), hash: 7)
  let third = EffectKey(path: [], id: EffectID("third"), hash: 7)
  let alone = EffectKey(path: [], id: EffectID("alone"), hash: 8)

  /// `index` after `change`, checked (in debug builds).
  func checked(_ index: inout TokenIndex, _ change: (inout TokenIndex) -> Void) {
    change(&index)
    #if DEBUG
    index._checkInvariants()
    #endif
  }

  /// The tokens under `key`, sorted.
  func tokens(under key: EffectKey, in index: TokenIndex) -> [UInt64] {
    var found: [UInt64] = []
    #if DEBUG
    index.forEachToken { candidate, token in if candidate == key { found.append(token) } }
    #endif
    return found.sorted()
  }

  @Test func tokensAreFoundUnderTheirKeyOnly() {
    var index = TokenIndex()
    checked(&index) { $0.insert(1, under: timer) }
    checked(&index) { $0.insert(2, under: timer) }
    checked(&index) { $0.insert(3, under: alone) }
    #expect(index.contains(timer))
    #expect(index.contains(alone))
    #expect(!index.contains(other))
    #if DEBUG
    #expect(tokens(under: timer, in: index) == [1, 2])
    #expect(tokens(under: alone, in: index) == [3])
    #endif
  }

  @Test func keysOfOneHashShareASlotAndAreToldApart() {
    var index = TokenIndex()
    checked(&index) { $0.insert(1, under: timer) }
    checked(&index) { $0.insert(2, under: other) }
    checked(&index) { $0.insert(3, under: third) }
    #expect(index.contains(timer) && index.contains(other) && index.contains(third))
    var removal = TokenIndex.Removal.notFound
    // A token under another key of the same hash is not found under this one.
    checked(&index) { removal = $0.remove(2, under: timer) }
    #expect(removal == .notFound)
    checked(&index) { removal = $0.remove(2, under: other) }
    #expect(removal == .removedLast)
    #expect(!index.contains(other))
    #expect(index.contains(timer) && index.contains(third))
  }

  @Test func removingAllOfAKeyReturnsItsTokensAndLeavesTheOthers() {
    var index = TokenIndex()
    checked(&index) { $0.insert(1, under: timer) }
    checked(&index) { $0.insert(2, under: timer) }
    checked(&index) { $0.insert(3, under: other) }
    var removed: Tokens?
    checked(&index) { removed = $0.removeAll(under: timer) }
    guard case .many(let tokens)? = removed else {
      Issue.record("expected two tokens, got \(String(describing: removed))")
      return
    }
    #expect(tokens == [1, 2])
    #expect(!index.contains(timer))
    #expect(index.contains(other))
    checked(&index) { removed = $0.removeAll(under: timer) }
    #expect(removed == nil)
  }

  @Test func theLastTokenOfAKeyRemovesTheKey() {
    var index = TokenIndex()
    checked(&index) { $0.insert(1, under: alone) }
    checked(&index) { $0.insert(2, under: alone) }
    var removal = TokenIndex.Removal.notFound
    checked(&index) { removal = $0.remove(1, under: alone) }
    #expect(removal == .removed)
    checked(&index) { removal = $0.remove(2, under: alone) }
    #expect(removal == .removedLast)
    #expect(!index.contains(alone))
    checked(&index) { removal = $0.remove(2, under: alone) }
    #expect(removal == .notFound)
  }
}
