import Foundation
import Testing

@testable import ReducerKit

@Suite struct SharedContinuationsTests {
  @Test func aSecondResumeIsIgnoredWithAWarning() {
    let results = Locked<[Int?]>([])
    let warnings = sharingWarnings(containing: "more than once") {
      let continuation = LoadContinuation<Int>("TheKey") { result in
        results.withLock { $0.append(try? result.get()) }
      }
      continuation.resume(returning: 1)
      continuation.resume(returning: 2)
    }
    #expect(results.withLock { $0 } == [1])
    #expect(warnings.count == 1 && warnings[0].contains("TheKey"))
  }

  @Test func aContinuationReleasedUnresumedWarnsAndEndsTheLoadUnchanged() {
    let results = Locked<[Int??]>([])
    let warnings = sharingWarnings(containing: "without resuming") {
      _ = LoadContinuation<Int>("LeakyKey") { result in
        results.withLock { $0.append(try? result.get()) }
      }
    }
    #expect(warnings.count == 1)
    #expect(results.withLock { $0 } == [.some(nil)])
  }

  @Test func eachResumeOfALoadGivesItsResult() {
    let results = Locked<[String]>([])
    func continuation() -> LoadContinuation<Int> {
      LoadContinuation("Key") { result in
        let text =
          switch result {
          case .success(let value?): "value \(value)"
          case .success(nil): "initial"
          case .failure: "error"
          }
        results.withLock { $0.append(text) }
      }
    }
    continuation().resume(returning: 1)
    continuation().resumeReturningInitialValue()
    continuation().resume(throwing: SharingTestError())
    continuation().resume(with: .success(4))
    #expect(results.withLock { $0 } == ["value 1", "initial", "error", "value 4"])
  }

  @Test func aSaveContinuationGivesItsResult() {
    let results = Locked<[Bool]>([])
    func continuation() -> SaveContinuation {
      SaveContinuation("Key") { result in
        let succeeded = (try? result.get()) != nil
        results.withLock { $0.append(succeeded) }
      }
    }
    continuation().resume()
    continuation().resume(throwing: SharingTestError())
    #expect(results.withLock { $0 } == [true, false])
  }

  @Test func aSubscriberYieldsValuesTheDefaultErrorsAndLoading() {
    let events = Locked<[String]>([])
    let subscriber = SharedSubscriber<Int>(
      onResult: { result in
        events.withLock {
          $0.append((try? result.get()).map { "\($0.map(String.init) ?? "nil")" } ?? "error")
        }
      },
      onLoading: { isLoading in events.withLock { $0.append("loading \(isLoading)") } })
    subscriber.yield(1)
    subscriber.yieldReturningInitialValue()
    subscriber.yield(throwing: SharingTestError())
    subscriber.yieldLoading()
    subscriber.yieldLoading(false)
    #expect(events.withLock { $0 } == ["1", "nil", "error", "loading true", "loading false"])
  }
}
