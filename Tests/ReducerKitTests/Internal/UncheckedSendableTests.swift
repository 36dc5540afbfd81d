import Foundation
import Testing

@testable import ReducerKit

@Suite struct UncheckedSendableTests {
  final class Reference { var value = 1 }

  @Test func carriesTheValueUnchanged() async {
    let reference = Reference()
    let box = UncheckedSendable(reference)
    let identical = await Task { @MainActor in box.value === reference }.value
    #expect(identical)
  }
}
