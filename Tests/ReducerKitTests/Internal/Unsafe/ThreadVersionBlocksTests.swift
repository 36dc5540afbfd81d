import Foundation
import Testing

@testable import ReducerKit

@Suite struct ThreadVersionBlocksTests {
  @Test func numbersAreNeverZeroAndNeverRepeatOnOneThread() {
    // More than two blocks, so that the cell is refilled twice.
    let count = Int(ThreadVersionBlocks.blockSize) * 2 + 10
    let numbers = (0..<count).map { _ in ThreadVersionBlocks.next() }
    #expect(!numbers.contains(0))
    #expect(Set(numbers).count == count)
  }

  @Test func aThreadsNumbersRunOnWithinItsBlock() {
    let first = ThreadVersionBlocks.next()
    let second = ThreadVersionBlocks.next()
    let mask = ThreadVersionBlocks.blockSize - 1
    // Either the next number of the same block, or the first of a new block (the last one was
    // used up): low bits zero.
    #expect(second == first + 1 || second & mask == 0)
  }

  @Test func threadsDrawingAtOnceNeverMeet() async {
    let perThread = Int(ThreadVersionBlocks.blockSize) + 100
    let threads = 8
    let drawn = Locked<[[UInt64]]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let remaining = Locked(threads)
      for _ in 0..<threads {
        Thread.detachNewThread {
          let numbers = (0..<perThread).map { _ in ThreadVersionBlocks.next() }
          drawn.withLock { $0.append(numbers) }
          let last = remaining.withLock { count in
            count -= 1
            return count == 0
          }
          if last { done.resume() }
        }
      }
    }
    let all = drawn.withLock { $0 }.flatMap { $0 }
    #expect(all.count == perThread * threads)
    #expect(Set(all).count == all.count)
    #expect(!all.contains(0))
  }

  @Test func aNewThreadStartsABlockOfItsOwn() async {
    let here = ThreadVersionBlocks.next()
    let there = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: ThreadVersionBlocks.next()) }
    }
    let bits = UInt64(ThreadVersionBlocks.blockBits)
    #expect(here >> bits != there >> bits)
    #expect(there & (ThreadVersionBlocks.blockSize - 1) == 0)
  }

  #if DEBUG
  @Test func aThreadThatEndsFreesItsCell() async {
    let before = ThreadVersionBlocks.freedCells.withLock { $0 }
    Thread.detachNewThread { _ = ThreadVersionBlocks.next() }
    // The cell is freed as the thread exits, after its block returned.
    #expect(await poll { ThreadVersionBlocks.freedCells.withLock { $0 } > before })
  }
  #endif
}
