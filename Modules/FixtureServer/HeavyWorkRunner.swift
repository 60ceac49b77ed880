import Dispatch
import FixtureData
import Foundation
import Synchronization

/// Runs the requests whose work can take long away from the threads that serve the others, a few at a time: list
/// queries with `FIELD_like` regular expressions (whose cost the data does not bound), and reads that go over many
/// items (a long list, `/db`, the collections `_embed` and `_expand` index).
///
/// Each such request runs on Dispatch's worker threads (a task executor preference: its synchronous work never
/// occupies Swift's cooperative pool or an event loop, where it would stall every other request). At most
/// ``concurrency`` run at once, one fewer than the processors, so a processor is always left for other requests;
/// later ones wait their turn, and beyond ``maximumWaiting`` waiting ones a request is refused at once with
/// ``Refusal/busy``.
final class HeavyWorkRunner: Sendable {
  /// Why work was not run.
  enum Refusal: Error, Sendable {
    /// Too many requests are already waiting for a turn.
    case busy
  }

  /// Reads that go over more items than this (a list's items plus the collections its `_embed` and `_expand` name,
  /// or every list's for `/db`) run here.
  static let heavyItemCount = 1_000

  /// How many run at once.
  let concurrency: Int
  /// How many may wait for a turn before more are refused.
  let maximumWaiting: Int

  private struct State {
    var running = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())
  private let workers = WorkerThreads()

  init(
    concurrency: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
    maximumWaiting: Int = 64
  ) {
    self.concurrency = max(1, concurrency)
    self.maximumWaiting = maximumWaiting
  }

  /// Runs `work` on the worker threads once a turn is free.
  /// - Throws: ``Refusal/busy`` without running it when too many are waiting; whatever `work` throws.
  func run<T: Sendable>(_ work: () async throws -> T) async throws -> T {
    try await takeTurn()
    defer { endTurn() }
    return try await withTaskExecutorPreference(workers) { try await work() }
  }

  private func takeTurn() async throws(Refusal) {
    enum Admission { case now, wait, refuse }
    let admission: Admission = state.withLock { state in
      if state.running < concurrency {
        state.running += 1
        return .now
      }
      return state.waiting.count < maximumWaiting ? .wait : .refuse
    }
    switch admission {
    case .now: return
    case .refuse: throw .busy
    case .wait:
      await withCheckedContinuation { continuation in
        let admitted: Bool = state.withLock { state in
          // A turn may have ended since the check above.
          if state.running < concurrency {
            state.running += 1
            return true
          }
          state.waiting.append(continuation)
          return false
        }
        if admitted { continuation.resume() }
      }
    }
  }

  /// Hands the turn to the longest-waiting request, or frees it.
  private func endTurn() {
    let next: CheckedContinuation<Void, Never>? = state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.running -= 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}

/// A task executor whose jobs run on Dispatch's global worker threads.
private final class WorkerThreads: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    DispatchQueue.global(qos: .userInitiated).async { job.runSynchronously(on: executor) }
  }
}
