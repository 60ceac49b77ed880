import Foundation
import Networking
import Testing

@testable import CompositionRoot

/// The CLI's embedded API on demand: requests made against the placeholder go to the child's address, path and query
/// kept; nothing else is touched.
@Suite struct EmbeddedAPIOnDemandTests {
  @Test func placeholderRequestsAreSentToTheChildsAddress() throws {
    let base = try #require(URL(string: "http://127.0.0.1:41653"))
    let request = try #require(URL(string: "http://127.0.0.1:9/recent/items?page=2&q=%E3%82%AB"))
    #expect(
      EmbeddedAPIOnDemand.rebase(request, onto: base).absoluteString
        == "http://127.0.0.1:41653/recent/items?page=2&q=%E3%82%AB")
    #expect(EmbeddedAPIOnDemand.rebase(EmbeddedAPIOnDemand.placeholder, onto: base) == base)
  }

  /// A child that cannot start fails the request saying so first, with why and how to fix it, and without the
  /// placeholder's address (nothing listens there: `The answer from 127.0.0.1:9 could not be used: …` was wrong).
  @Test func aChildThatCannotStartFailsTheRequestSayingTheServerCouldNotStart() async throws {
    let error = try await Self.firstRequestsError {
      throw EmbeddedAPIError(
        "/opt/kumiki/kumiki-api not found: build it (make build APP=kumiki-api) or give an API with --api URL")
    }
    guard case .unavailable = error else { throw error }
    let message = String(describing: error)
    #expect(
      message
        == "The embedded fixture server could not start: /opt/kumiki/kumiki-api not found: build it (make build "
        + "APP=kumiki-api) or give an API with --api URL.")
    #expect(!message.contains("127.0.0.1"))
    #expect(!error.isRetryable)
  }

  /// A child whose data file does not load leaves the app offline (`HTTPError.offline`: unreachable, so reads answer
  /// from the cache and writes wait in the outbox), and the message is what happened — the data file, why, how to get
  /// out —, not `Could not connect to 127.0.0.1:9`, where nothing was ever asked.
  @Test func aDataFileThatDoesNotLoadFailsTheRequestOfflineSayingWhy() async throws {
    let error = try await Self.firstRequestsError {
      var error = EmbeddedAPIError("kumiki-api: cannot load /d/kumiki-api.json: malformed JSON at line 2, column 14")
      error.unloadableData = (file: "/d/kumiki-api.json", reason: "malformed JSON at line 2, column 14")
      throw error
    }
    guard case .offline = error else { throw error }
    let message = String(describing: error)
    #expect(
      message.hasPrefix(
        "The embedded API cannot load its data file /d/kumiki-api.json (malformed JSON at line 2, column 14): only "
          + "answers kept in the response cache can be shown, and changes wait in the outbox; `kumiki fixtures reset`"))
    #expect(!message.contains("127.0.0.1") && !message.contains("Could not connect"))
  }

  /// The error of a first request through an embedded API whose child's start throws what `start` throws; nothing is
  /// sent over the network client (it records an issue if it is asked).
  static func firstRequestsError(
    start: @escaping @Sendable () async throws -> EmbeddedAPI
  ) async throws -> HTTPError {
    let onDemand = EmbeddedAPIOnDemand(start: start)
    let curl = HTTPClient { _ in
      Issue.record("nothing is sent when the child cannot start")
      throw CancellationError()
    }
    do {
      _ = try await onDemand.client(over: curl).send(.get(EmbeddedAPIOnDemand.placeholder.appending(path: "items")))
    } catch let error as HTTPError {
      return error
    }
    throw EmbeddedAPIError("the first request did not fail")
  }

  @Test(arguments: [
    "http://127.0.0.1:90/items", "http://127.0.0.1/items", "https://127.0.0.1:9/items",
    "http://example.com:9/items",
  ])
  func otherURLsAreLeftAlone(_ text: String) throws {
    let url = try #require(URL(string: text))
    #expect(EmbeddedAPIOnDemand.rebase(url, onto: try #require(URL(string: "http://127.0.0.1:41653"))) == url)
  }
}
