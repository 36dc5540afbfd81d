#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if !canImport(Darwin)
import Synchronization
#endif

/// Numbers never handed out before in the process, drawn without touching memory that another
/// thread writes: each thread takes a block of ``blockSize`` numbers from one process-wide counter
/// and hands them out from a cell of its own, so N threads drawing numbers (N `StoreActor`s
/// inserting rows) do not contend for one cache line or one lock.
///
/// ```swift
/// let version = ThreadVersionBlocks.next()  // never 0, never given to anyone before
/// ```
///
/// Invariants:
/// - A thread's cell (its `pthread_getspecific` value for ``key``) is allocated, read and written
///   by that thread only, and freed by the key's destructor when the thread exits.
/// - The process-wide counter gives each block once, and block `b` holds the numbers
///   `b << blockBits ..< (b + 1) << blockBits`: two threads' numbers never meet.
/// - A cell holds the next number its thread hands out, or 0 when its block is used up (or it has
///   none yet); blocks are numbered from 1, so 0 is never handed out.
package enum ThreadVersionBlocks {
  /// How many low bits of a number count within its block.
  package static let blockBits = 12
  /// How many numbers a block holds.
  package static var blockSize: UInt64 { 1 << UInt64(blockBits) }

  /// The key of each thread's cell.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    let status = pthread_key_create(&key) { cell in freeCell(cell) }
    #else
    let status = pthread_key_create(&key) { cell in cell.map(freeCell) }
    #endif
    precondition(status == 0, "ReducerKit: pthread_key_create failed (\(status))")
    return key
  }()

  /// Frees an exiting thread's cell (the key's destructor).
  private static func freeCell(_ cell: UnsafeMutableRawPointer) {
    cell.deallocate()
    #if DEBUG
    freedCells.withLock { $0 += 1 }
    #endif
  }

  #if DEBUG
  /// How many cells exiting threads freed (DEBUG builds, for the tests).
  package static let freedCells = Locked(0)
  #endif

  #if !canImport(Darwin)
  /// The blocks given so far.
  private static let blocks = Atomic<UInt64>(0)
  #else
  /// The blocks given so far (a lock: `Synchronization` needs macOS 15 / iOS 18, above the
  /// package's floor; it is taken once per block, not per number).
  private static let blocks = Locked<UInt64>(0)
  #endif

  /// A number never handed out before in the process, and never 0.
  @inline(__always)
  package static func next() -> UInt64 {
    let cell = currentCell()
    var number = cell.pointee
    if number == 0 { number = takeBlock() << UInt64(blockBits) }
    let following = number &+ 1
    cell.pointee = following & (blockSize - 1) == 0 ? 0 : following
    return number
  }

  /// This thread's cell, made on its first draw.
  @inline(__always)
  private static func currentCell() -> UnsafeMutablePointer<UInt64> {
    let key = key
    if let cell = pthread_getspecific(key) {
      return cell.assumingMemoryBound(to: UInt64.self)
    }
    return makeCell(for: key)
  }

  @inline(never)
  private static func makeCell(for key: pthread_key_t) -> UnsafeMutablePointer<UInt64> {
    let cell = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    cell.initialize(to: 0)
    let status = pthread_setspecific(key, cell)
    precondition(status == 0, "ReducerKit: pthread_setspecific failed (\(status))")
    return cell
  }

  /// The next block's number, from 1.
  @inline(never)
  private static func takeBlock() -> UInt64 {
    #if !canImport(Darwin)
    blocks.wrappingAdd(1, ordering: .relaxed).newValue
    #else
    blocks.withLock { count in
      count &+= 1
      return count
    }
    #endif
  }
}
