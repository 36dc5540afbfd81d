import Foundation
import Testing

@testable import ReducerKit

@Suite struct FileReloadsTests {
  @Test func aRequestFromInsideAReloadRunsAfterItInsteadOfInsideIt() {
    let log = Locked<[String]>([])
    let depth = Locked(0)
    let reloads = Locked<FileReloads?>(nil)
    let runner = FileReloads {
      let run = depth.withLock { depth in
        depth += 1
        return depth
      }
      let count = log.withLock { log in
        log.append("begin \(log.count / 2 + 1) at depth \(run)")
        return log.count
      }
      if count == 1 { reloads.withLock { $0 }?.request() }
      log.withLock { $0.append("end") }
      depth.withLock { $0 -= 1 }
    }
    reloads.withLock { $0 = runner }
    runner.request()
    #expect(log.withLock { $0 } == ["begin 1 at depth 1", "end", "begin 2 at depth 1", "end"])
    runner.request()
    #expect(log.withLock { $0 }.count == 6)
  }

  @Test func requestsFromManyThreadsNeverOverlapAndTheLastOneIsRun() async {
    let running = Locked(0)
    let overlapped = Locked(false)
    let runs = Locked(0)
    let reloads = FileReloads {
      let now = running.withLock { running in
        running += 1
        return running
      }
      if now > 1 { overlapped.withLock { $0 = true } }
      runs.withLock { $0 += 1 }
      running.withLock { $0 -= 1 }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<200 { reloads.request() } }
      }
    }
    #expect(!overlapped.withLock { $0 })
    #expect(runs.withLock { $0 } >= 200)
    #expect(running.withLock { $0 } == 0)
  }
}
