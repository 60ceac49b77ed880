import Foundation
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

  @Test(arguments: [
    "http://127.0.0.1:90/items", "http://127.0.0.1/items", "https://127.0.0.1:9/items",
    "http://example.com:9/items",
  ])
  func otherURLsAreLeftAlone(_ text: String) throws {
    let url = try #require(URL(string: text))
    #expect(EmbeddedAPIOnDemand.rebase(url, onto: try #require(URL(string: "http://127.0.0.1:41653"))) == url)
  }
}
