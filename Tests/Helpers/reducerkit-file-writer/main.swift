// A process that writes a `.fileStorage` file as fast as it can, for the test that kills it
// with SIGKILL at random moments (FileStorageTests): each write's value can be checked whole.
//
//     reducerkit-file-writer /path/to/record.json
//
// It continues from the file's sequence number, saves the next record, prints its number once
// it is saved, and never stops by itself.
import Foundation
import ReducerKit

/// A record big enough (about 50 KB) that a kill often lands in the middle of writing it.
struct Record: Codable, Sendable {
  var sequence: Int
  var lines: [String]

  init(sequence: Int) {
    self.sequence = sequence
    lines = (0..<500).map { index in
      let line = "\(sequence):\(index):"
      return line + String(repeating: ".", count: 100 - line.count)
    }
  }
}

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: reducerkit-file-writer FILE\n".utf8))
  exit(2)
}
let url = URL(filePath: CommandLine.arguments[1])
let record = withDependencies {
  $0.defaultFileStorage = .fileSystem
} operation: {
  Shared(wrappedValue: Record(sequence: 0), .fileStorage(url))
}
if let error = record.loadError {
  FileHandle.standardError.write(Data("load failed: \(error)\n".utf8))
  exit(1)
}
var sequence = record.wrappedValue.sequence
while true {
  sequence += 1
  record.withLock { [sequence] in $0 = Record(sequence: sequence) }
  try await record.save()
  FileHandle.standardOutput.write(Data("\(sequence)\n".utf8))
}
