import ArchiveFeature
import Foundation
import Networking
import NetworkingTesting
import Synchronization

/// An archive client over a pretend query layer: each search answers what the test set for the read policy of the
/// ``QueryTrace`` it runs in, the query and the page, and reports into that trace where the answer came from and
/// the background refresh it started (``PretendQueryLayer``) — what `QueryCache` does under the live client. A search
/// the test set nothing for answers the fixture's real page, fresh, reporting nothing. It records every search.
final class CachedArchive: Sendable {
  /// One search: the policy of its trace (`nil` outside any trace), its conditions and page.
  struct Read: Equatable, Sendable {
    var policy: ReadPolicy?
    var query: ArchiveQuery
    var page: Int
  }

  /// What a search answers.
  struct Answer: Sendable {
    var page: ArchivePage
    var origin: DataOrigin = .network
    /// The background refresh the search starts: `nil` for none, else what the refresh task returns once allowed
    /// to end (`.some(nil)` for success, `.some(reason)` for a failure).
    var refresh: String?? = nil
  }

  private struct Key: Hashable {
    var policy: ReadPolicy
    var keyword: String
    var category: String?
    var page: Int
  }

  private struct Book {
    var answers: [Key: Answer] = [:]
    var reads: [Read] = []
  }

  private let book = Mutex(Book())
  private let layer = PretendQueryLayer()

  /// The searches so far, in order.
  var reads: [Read] { book.withLock { $0.reads } }

  /// Sets what searches with `policy` for the answer page's conditions and number answer.
  func answer(_ policy: ReadPolicy, with answer: Answer) {
    let key = Key(
      policy: policy, keyword: answer.page.query.keyword, category: answer.page.query.category,
      page: answer.page.page)
    book.withLock { $0.answers[key] = answer }
  }

  /// Makes the refreshes started from now on wait for ``endRefresh()`` instead of ending at once.
  func holdRefreshes() { layer.holdRefreshes() }

  /// Lets a held refresh end (now if it is waiting, or as soon as it starts).
  func endRefresh() { layer.endRefresh() }

  /// The client: `search` as described above, `item` from the fixture.
  var client: ArchiveClient {
    fixtureClient(search: { query, page in try await self.search(query, page) })
  }

  private func search(_ query: ArchiveQuery, _ page: Int) async throws -> ArchivePage {
    let trace = QueryTrace.current
    let key = Key(
      policy: trace?.policy ?? .cacheFirst, keyword: query.keyword, category: query.category, page: page)
    let answer = book.withLock { book in
      book.reads.append(Read(policy: trace?.policy, query: query, page: page))
      return book.answers[key]
    }
    guard let answer else { return try ArchiveFixture.page(query, page) }
    return layer.answer(answer.page, origin: answer.origin, refresh: answer.refresh)
  }
}
