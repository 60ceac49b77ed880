import Presentation
import Testing

@testable import CLI

@Suite struct ANSIStyleTests {
  @Test func disabledIsTheIdentity() {
    for style in TextStyle.allCases {
      #expect(ANSIStyle(enabled: false).apply(style, to: "x") == "x")
    }
  }

  @Test func enabledWrapsInSGRAndResets() {
    let ansi = ANSIStyle(enabled: true)
    #expect(ansi.apply(.title, to: "x") == "\u{1B}[1mx\u{1B}[0m")
    #expect(ansi.apply(.danger, to: "x") == "\u{1B}[31mx\u{1B}[0m")
    #expect(ansi.apply(.body, to: "x") == "x")
    #expect(ansi.apply(.title, to: "") == "")
    #expect(TextStyle.allCases.filter { $0 != .body }.allSatisfy { ANSIStyle.code(for: $0) != nil })
  }
}
