import Testing

@testable import Presentation

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

  /// The byte scan of ASCII text says what `Character.isWhitespace` says, for every ASCII character and for text
  /// with other characters (U+0085, U+00A0, U+3000 are whitespace too).
  @Test func whitespaceIsFoundAsCharacterSaysIt() {
    for value in UInt8(0)..<0x80 {
      let text = "https://a.example/" + String(UnicodeScalar(value)) + "x"
      #expect(WebAddress.containsWhitespace(text) == text.contains(where: \.isWhitespace), "\(value)")
    }
    for text in ["https://a.example/\r\n", "https://a.example/画像\u{85}", "画像\u{A0}", "画像\u{3000}", "画像", "é"] {
      #expect(WebAddress.containsWhitespace(text) == text.contains(where: \.isWhitespace), "\(Array(text.utf8))")
    }
  }
}
