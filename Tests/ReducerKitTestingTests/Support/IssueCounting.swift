import Foundation
import ReducerKit
import Testing

/// Runs `body` expecting failures, and returns the messages of the issues it recorded.
@MainActor
func recordedIssues(
  _ body: @MainActor () async -> Void
) async -> [String] {
  let messages = Locked<[String]>([])
  await withKnownIssue {
    await body()
  } matching: { issue in
    messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return messages.withLock { $0 }
}
