import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@MainActor
@Suite struct SearchResultDetailTests {
  private let europa = SearchResult(id: "europa", name: "Europa", blurb: "Icy moon of Jupiter")

  private var europaDetails: SearchResult.Details {
    SearchResult.Details(
      result: europa, orbits: "Jupiter", diameterInKilometers: 3_122, fact: "An ocean.")
  }

  @Test func appearingShowsLoadingThenTheDetails() async {
    let details = europaDetails
    let asked = Recorder<SearchResult.ID>()
    let store = TestStore(initialState: SearchResultDetail.State(result: europa)) {
      SearchResultDetail()
    } withDependencies: {
      $0.searchClient = SearchClient(search: unimplemented("SearchClient.search")) { id in
        asked.record(id)
        return details
      }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.receive(.detailsLoaded(details)) {
      $0.isLoading = false
      $0.details = details
    }
    #expect(asked.recorded == ["europa"])
  }

  @Test func aFailedLoadShowsTheErrorAndAppearingAgainRetries() async {
    let details = europaDetails
    let calls = Recorder<SearchResult.ID>()
    let store = TestStore(initialState: SearchResultDetail.State(result: europa)) {
      SearchResultDetail()
    } withDependencies: {
      $0.searchClient = SearchClient(search: unimplemented("SearchClient.search")) { id in
        calls.record(id)
        if calls.recorded.count == 1 { throw SearchClient.NotFound(id: id) }
        return details
      }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.receive(.detailsFailed("no entry with id europa")) {
      $0.isLoading = false
      $0.errorMessage = "no entry with id europa"
    }
    await store.send(.onAppear) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    await store.receive(.detailsLoaded(details)) {
      $0.isLoading = false
      $0.details = details
    }
  }

  @Test func closingDismissesTheScreenAndCancelsTheLoadInFlight() async {
    let calls = Recorder<SearchResult.ID>()
    let cancelled = Recorder<SearchResult.ID>()
    let late = europaDetails
    let store = TestStore(initialState: SearchResultDetail.State(result: europa)) {
      SearchResultDetail()
    } withDependencies: {
      $0.searchClient = SearchClient(search: unimplemented("SearchClient.search")) { id in
        calls.record(id)
        await withTaskCancellationHandler {
          try? await Task.never()
        } onCancel: {
          cancelled.record(id)
        }
        // What a request that ignored its cancellation would answer: it must never arrive.
        return late
      }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    #expect(await eventually { calls.recorded == ["europa"] })
    #expect(cancelled.recorded.isEmpty)
    // At the root of a TestStore, `dismiss()` is recorded and cancels the feature's effects.
    await store.send(.closeTapped)
    #expect(await eventually { cancelled.recorded == ["europa"] })
    await store.finish()
    #expect(store.isDismissed)
  }
}

/// Polls `condition` until it holds, for at most a second: for what an effect does on its own task.
@MainActor
private func eventually(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: .seconds(1))
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
