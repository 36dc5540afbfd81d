import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@MainActor
@Suite struct LikesTests {
  @Test func likesGoUpAndDownButNeverBelowZero() async {
    let store = TestStore(initialState: Likes.State()) { Likes() }
    await store.send(.likeTapped) { $0.count = 1 }
    await store.send(.unlikeTapped) { $0.count = 0 }
    await store.send(.unlikeTapped)
  }
}
