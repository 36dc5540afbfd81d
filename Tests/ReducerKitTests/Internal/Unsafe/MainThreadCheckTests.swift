import Foundation
import Testing

@testable import ReducerKit

@Suite struct MainThreadCheckTests {
  @Test func itAgreesWithFoundationOnThisThreadEveryTime() {
    let expected = Thread.isMainThread
    for _ in 0..<3 { #expect(MainThreadCheck.isMainThread == expected) }
  }

  @Test func anotherThreadIsNotTheMainOneAndItsAnswerIsItsOwn() async {
    let answers = Locked<[Bool]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let thread = Thread {
        answers.withLock { $0 = [MainThreadCheck.isMainThread, MainThreadCheck.isMainThread] }
        done.resume()
      }
      thread.start()
    }
    #expect(answers.withLock { $0 } == [false, false])
  }

  @Test @MainActor func theMainThreadIsTheMainOne() async {
    // Where the main actor runs on the main thread (an app, the demo), both say so; under Swift
    // Testing on Linux it may run elsewhere: then both say not.
    #expect(MainThreadCheck.isMainThread == Thread.isMainThread)
  }
}
