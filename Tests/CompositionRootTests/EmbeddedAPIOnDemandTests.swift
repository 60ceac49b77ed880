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
    let onDemand = EmbeddedAPIOnDemand {
      throw EmbeddedAPIError(
        "/opt/kumiki/kumiki-api not found: build it (make build APP=kumiki-api) or give an API with --api URL")
    }
    let curl = HTTPClient { _ in
      Issue.record("nothing is sent when the child cannot start")
      throw CancellationError()
    }
    let url = EmbeddedAPIOnDemand.placeholder.appending(path: "items")
    await #expect {
      _ = try await onDemand.client(over: curl).send(.get(url))
    } throws: { error in
      guard let error = error as? HTTPError, case .unavailable = error else { return false }
      let message = String(describing: error)
      return message
        == "The embedded fixture server could not start: /opt/kumiki/kumiki-api not found: build it (make build "
        + "APP=kumiki-api) or give an API with --api URL." && !message.contains("127.0.0.1")
        && !error.isRetryable
    }
  }

  /// A child whose data file does not load leaves the app offline (`HTTPError.offline`: unreachable, so reads answer
  /// from the cache and writes wait in the outbox), and the message is what happened — the data file, why, how to get
  /// out —, not `Could not connect to 127.0.0.1:9`, where nothing was ever asked.
  @Test func aDataFileThatDoesNotLoadFailsTheRequestOfflineSayingWhy() async throws {
    let onDemand = EmbeddedAPIOnDemand {
      var error = EmbeddedAPIError("kumiki-api: cannot load /d/kumiki-api.json: malformed JSON at line 2, column 14")
      error.unloadableData = (file: "/d/kumiki-api.json", reason: "malformed JSON at line 2, column 14")
      throw error
    }
    let curl = HTTPClient { _ in
      Issue.record("nothing is sent when the child cannot start")
      throw CancellationError()
    }
    let url = EmbeddedAPIOnDemand.placeholder.appending(path: "items")
    await #expect {
      _ = try await onDemand.client(over: curl).send(.get(url))
    } throws: { error in
      guard let error = error as? HTTPError, case .offline = error else { return false }
      let message = String(describing: error)
      return message.hasPrefix(
        "The embedded API cannot load its data file /d/kumiki-api.json (malformed JSON at line 2, column 14): only "
          + "answers kept in the response cache can be shown, and changes wait in the outbox; `kumiki fixtures reset`")
        && !message.contains("127.0.0.1") && !message.contains("Could not connect")
    }
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
