import Foundation
import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The width policy against a real terminal: a frame with joiners, selectors and modifiers in its data, rendered
/// and written into tmux, shows in tmux exactly as the buffer holds it (issue 34: a zero-width joiner shifted the
/// TUI's frame).
extension DisplayWidthTests {
  /// Data a terminal may draw at another width than its cells, one row each, with a column marker after it.
  static let hostileRows = [
    "あ\u{200D}い", "a\u{200D}👨", "👨‍👩‍👧", "👍🏽", "❤️", "🏳️‍🌈", "x\u{200D}\u{200D}y", "\u{200D}X", "e\u{301}\u{200C}f",
    "🍊\u{FE0E}", "日本\u{202E}語",
  ]

  @Test("rows with joiners, selectors and modifiers show in tmux as the buffer holds them", .timeLimit(.minutes(1)))
  func tmuxShowsTheBuffer() async throws {
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is missing: run make bootstrap")
    var buffer = Buffer(width: 40, height: Self.hostileRows.count + 1)
    for (row, text) in Self.hostileRows.enumerated() {
      let end = buffer.put("|" + TextSanitizer.inert(text), x: 0, y: row)
      buffer.put("|end", x: max(end, 16), y: row)
    }
    buffer.put("done", x: 0, y: Self.hostileRows.count)
    var renderer = Renderer()
    let bytes = renderer.render(buffer)
    let folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-width-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let frame = folder.appending(path: "frame").path
    try Data(bytes).write(to: URL(fileURLWithPath: frame))
    let socket = folder.appending(path: "tmux").path
    let tmux = "tmux -S '\(socket)'"
    defer { _ = Self.shell("\(tmux) kill-server") }
    // The pane prints the frame and waits; the tmux server keeps no descriptor of this process but 0, 1 and 2.
    _ = Self.shell(
      "exec bash --norc -c 'for fd in /proc/self/fd/*; do fd=${fd##*/}; case $fd in 0|1|2) ;; *) "
        + "{ eval \"exec $fd>&-\"; } 2>/dev/null;; esac; done; exec \(tmux) new-session -d -x 40 -y "
        + "\(buffer.height + 1) \"stty raw -echo; cat \(frame); sleep 60\"' </dev/null >/dev/null 2>&1")
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(20)
    var screen = ""
    while clock.now < deadline {
      screen = Self.shell("\(tmux) capture-pane -p")
      if screen.contains("done") { break }
      try await Task.sleep(for: .milliseconds(20))
    }
    let shown = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(buffer.height)
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    let held = buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (row, text) in Self.hostileRows.enumerated() {
      #expect(shown.count > row && shown[row] == held[row], "\(text.unicodeScalars.map(\.value)): tmux \(shown)")
    }
  }

  /// Runs `command` with /bin/sh and returns its standard output.
  static func shell(_ command: String) -> String {
    guard let pipe = popen(command, "r") else { return "" }
    var data = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&chunk, 1, chunk.count, pipe)
      if count <= 0 { break }
      data += chunk[0..<count]
    }
    pclose(pipe)
    return String(decoding: data, as: UTF8.self)
  }
}
