import Foundation
import Testing

@testable import ReducerKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileStorageTests {
  @Test func theFileSystemWritesWholeFilesAndMakesTheirFolders() throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "reducerkit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appending(component: "nested/value.json")
    let storage = FileStorage.fileSystem
    #expect(try storage.contents(of: url) == nil)
    try storage.write(Data("1".utf8), to: url)
    try storage.write(Data("22".utf8), to: url)
    #expect(try storage.contents(of: url) == Data("22".utf8))
    // Atomic: no temporary file is left beside it.
    let names = try FileManager.default.contentsOfDirectory(
      atPath: url.deletingLastPathComponent().path)
    #expect(names == ["value.json"])
  }

  @Test func eachInMemoryFileSystemIsItsOwn() throws {
    let url = URL(filePath: "/nowhere/value.json")
    let first = FileStorage.inMemoryFileSystem
    let second = FileStorage.inMemoryFileSystem
    try first.write(Data("1".utf8), to: url)
    #expect(try first.contents(of: url) == Data("1".utf8))
    #expect(try second.contents(of: url) == nil)
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aTestContextGetsAFreshInMemoryFileSystem() {
    let storages = withDependencies {
      $0.context = .test
    } operation: {
      DependencyValues.current.defaultFileStorage
    }
    #expect(storages.writesAtOnce)
    #expect(storages.identity !== FileStorage.fileSystem.identity)
  }

  /// The record `reducerkit-file-writer` writes for `sequence` (Tests/Helpers).
  private struct WrittenRecord: Decodable {
    var sequence: Int
    var lines: [String]

    var isWhole: Bool {
      lines.count == 500
        && lines.indices.allSatisfy { index in
          let line = "\(sequence):\(index):"
          return lines[index] == line + String(repeating: ".", count: 100 - line.count)
        }
    }
  }

  /// The helper executable, built beside this test bundle.
  private static var fileWriter: URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appending(component: "reducerkit-file-writer")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }

  /// A process writing the file is killed with SIGKILL 100 times, at random moments (after a
  /// random number of its saves, often in the middle of the next one); each time the file
  /// decodes to a whole record the process wrote, no older than its last reported save, and the next process
  /// goes on from it.
  @Test(.timeLimit(.minutes(3)))
  func aWriterKilledAtAnyMomentLeavesAFileThatDecodesToAValueItWrote() async throws {
    #if canImport(Glibc) || canImport(Darwin)
    let writer = try #require(Self.fileWriter, "reducerkit-file-writer is not built")
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "reducerkit-kill-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appending(component: "record.json")
    // On a thread of its own: the loop blocks on the pipe, which the cooperative pool's
    // threads (needed by the tests running meanwhile) must not.
    let failures: [String] = try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        var failures: [String] = []
        var previous = 0
        do {
          for round in 0..<100 {
            let process = Process()
            process.executableURL = writer
            process.arguments = [url.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let savesBeforeKill = Int.random(in: 1...6)
            var saved: [Int] = []
            var pending = Data()
            while saved.count < savesBeforeKill {
              let chunk = output.fileHandleForReading.availableData
              guard !chunk.isEmpty else { break }  // it exited: reported below
              pending += chunk
              while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                saved +=
                  Int(String(decoding: pending[..<newline], as: UTF8.self)).map { [$0] } ?? []
                pending = pending[(newline + 1)...]
              }
            }
            // A random moment within the next save (one takes a few milliseconds).
            usleep(UInt32.random(in: 0...3_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard let last = saved.last, process.terminationReason == .uncaughtSignal else {
              failures.append(
                "round \(round): the writer exited by itself: \(process.terminationStatus)")
              break
            }
            let data = try Data(contentsOf: url)
            guard let record = try? JSONDecoder().decode(WrittenRecord.self, from: data) else {
              failures.append("round \(round): the file does not decode (\(data.count) bytes)")
              break
            }
            if !record.isWhole {
              failures.append("round \(round): record \(record.sequence) is not whole")
            }
            // It may have saved more after the last number read (during the random wait), never
            // less: a save it reported is on disk.
            if record.sequence < last {
              failures.append("round \(round): record \(record.sequence), last saved \(last)")
            }
            if record.sequence <= previous {
              failures.append("round \(round): went back to \(record.sequence)")
            }
            previous = record.sequence
          }
          continuation.resume(returning: failures)
        } catch {
          continuation.resume(throwing: error)
        }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
    #endif
  }
}
