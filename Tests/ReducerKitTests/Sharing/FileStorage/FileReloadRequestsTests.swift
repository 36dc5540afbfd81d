import Foundation
import Testing

@testable import ReducerKit

@Suite struct FileReloadRequestsTests {
  @Test func aRequestWithNoneRunningRunsAndEndsOnce() {
    var requests = FileReloadRequests()
    let runs = requests.request()
    #expect(runs)
    #expect(requests.isRunning)
    let runsAgain = requests.finished()
    #expect(!runsAgain)
    #expect(requests == FileReloadRequests())
  }

  @Test func requestsWhileOneRunsBecomeOneMoreRun() {
    var requests = FileReloadRequests()
    let answers = [requests.request(), requests.request(), requests.request()]
    #expect(answers == [true, false, false])
    #expect(requests.isRequestedAgain)
    let runsAgain = requests.finished()
    #expect(runsAgain)  // once
    #expect(requests.isRunning)
    #expect(!requests.isRequestedAgain)
    let runsOnceMore = requests.finished()
    #expect(!runsOnceMore)
    #expect(!requests.isRunning)
  }
}
