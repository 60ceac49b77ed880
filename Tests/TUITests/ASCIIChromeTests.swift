import Foundation
import Terminal
import Testing

/// The TUI's chrome is ASCII (`Modules/TUI/README.md`): every golden frame of this suite — help, hints, the status
/// bar with its toasts and notes, overlays, dialogs, DevTools — holds no character one column wide that is not
/// ASCII. Its test features' data is ASCII or wide (Japanese), so such a character can only be chrome: an East Asian
/// Ambiguous `·`, `…`, `“`, `—` that a CJK-configured terminal draws two columns wide. (Every feature's screens are
/// checked against the data their API served in `ScreenConformanceTests`.)
@Suite struct ASCIIChromeTests {
  @Test func everyGoldenFrameDrawsItsChromeInASCII() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "__Snapshots__")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }
      .sorted()
    #expect(!names.isEmpty)
    for name in names {
      let text = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
      let chrome = Set(text.filter { !$0.isASCII && displayWidth(of: $0) == 1 })
      #expect(chrome.isEmpty, "\(name) draws non-ASCII chrome: \(chrome.sorted())")
    }
  }
}
