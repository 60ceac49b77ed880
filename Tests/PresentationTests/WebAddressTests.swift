import Presentation
import Testing

@Suite struct WebAddressTests {
  @Test func acceptsAbsoluteHTTPAddresses() {
    #expect(WebAddress.parse("https://images.kumiki.example/campaign/banner_01.jpg")?.host() == "images.kumiki.example")
    #expect(WebAddress.parse("http://localhost:3000/a.jpg")?.port == 3000)
  }

  @Test(arguments: [
    "", "not a url", "banner_01.jpg", "/images/a.jpg", "ftp://example.com/a.jpg", "https://", "mailto:a@b.c",
  ])
  func rejectsUnusableAddresses(text: String) {
    #expect(WebAddress.parse(text) == nil)
  }
}
