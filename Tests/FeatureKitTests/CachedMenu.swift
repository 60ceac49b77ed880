import Foundation
import Networking
import NetworkingTesting
import Synchronization

/// A menu load over a pretend query layer: each read answers what the test set for the read policy of the
/// ``QueryTrace`` it runs in, and reports into that trace where the answer came from and the background refresh it
/// started (``PretendQueryLayer``) — what `QueryCache` does under a feature's client. It records the policy of every read (`nil` for a read
/// outside any trace).
final class CachedMenu: Sendable {
  /// What a read with one policy answers.
  struct Answer: Sendable {
    var dishes: [String]
    var origin: DataOrigin = .network
    /// The background refresh the read starts: `nil` for none, else what the refresh task returns once the test
    /// lets it end (`.some(nil)` for success, `.some(reason)` for a failure).
    var refresh: String?? = nil
  }

  private struct Book {
    var answers: [ReadPolicy: Answer] = [:]
    var policies: [ReadPolicy?] = []
  }

  private let book = Mutex(Book())
  private let layer = PretendQueryLayer()

  /// The policies of the reads so far, in order.
  var policies: [ReadPolicy?] { book.withLock { $0.policies } }

  /// Sets what reads with `policy` answer.
  func answer(_ policy: ReadPolicy, with answer: Answer) {
    book.withLock { $0.answers[policy] = answer }
  }

  /// Makes the refreshes started from now on wait for ``endRefresh()`` instead of ending at once.
  func holdRefreshes() { layer.holdRefreshes() }

  /// Lets a held refresh end (now if it is waiting, or as soon as it starts).
  func endRefresh() { layer.endRefresh() }

  /// The load: answers for the current trace's policy and reports into the trace.
  func load() async throws -> [String] {
    let trace = QueryTrace.current
    let policy = trace?.policy ?? .cacheFirst
    let answer = book.withLock { book in
      book.policies.append(trace?.policy)
      return book.answers[policy]
    }
    guard let answer else { throw KitchenClosed() }
    return layer.answer(answer.dishes, origin: answer.origin, refresh: answer.refresh)
  }
}
