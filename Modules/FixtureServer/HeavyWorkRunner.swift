import Dispatch
import FixtureData
import Foundation
import Synchronization

/// Runs the list queries whose cost the data does not bound, those with `FIELD_like` regular expressions, away
/// from the threads that serve requests, a few at a time.
///
/// Each such query runs on a Dispatch worker thread (never on Swift's cooperative pool or an event loop, where a
/// backtracking pattern would stall every other request), under the engine's
/// ``QueryEngine/patternTimeLimit``. At most ``concurrency`` run at once, one fewer than the processors, so a
/// processor is always left for other requests; later ones wait their turn, and beyond ``maximumWaiting`` waiting
/// ones a query is refused at once with ``Refusal/busy``.
final class PatternQueryRunner: Sendable {
  /// Why a query was not answered.
  enum Refusal: Error, Sendable {
    /// The engine refused it (an invalid pattern, or the time limit).
    case query(QueryError)
    /// Too many pattern queries are already waiting.
    case busy
  }

  /// The engine queries run on.
  let engine: QueryEngine
  /// How many pattern queries run at once.
  let concurrency: Int
  /// How many may wait for a turn before more are refused.
  let maximumWaiting: Int

  private struct State {
    var running = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  init(
    engine: QueryEngine,
    concurrency: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
    maximumWaiting: Int = 64
  ) {
    self.engine = engine
    self.concurrency = max(1, concurrency)
    self.maximumWaiting = maximumWaiting
  }

  /// Runs `parameters` over `elements`: at once on the calling task when they hold no pattern, else on a worker
  /// thread once a turn is free.
  func run(_ parameters: [QueryParameter], on elements: [JSONValue]) async throws(Refusal) -> QueryResult {
    guard QueryEngine.hasPatterns(parameters) else {
      do throws(QueryError) {
        return try engine.run(parameters, on: elements)
      } catch {
        throw .query(error)
      }
    }
    try await takeTurn()
    defer { endTurn() }
    let engine = self.engine
    let result: Result<QueryResult, QueryError> = await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(returning: Result { () throws(QueryError) in try engine.run(parameters, on: elements) })
      }
    }
    do throws(QueryError) {
      return try result.get()
    } catch {
      throw .query(error)
    }
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

  /// Hands the turn to the longest-waiting query, or frees it.
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
