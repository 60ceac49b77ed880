import ArgumentParser
import Terminal

/// `kumiki-bench terminal <workload>`: the TUI engine's costs.
/// - `full-frame`: render a 200×60 frame in which every cell changes (ratatui/ncurses: 2–3 ms), `--frames` times.
/// - `heart`: bytes written to toggle one heart in an otherwise unchanged 200×60 frame (target ≤ 40).
struct TerminalBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "terminal",
    abstract: "Measure the terminal renderer (workloads full-frame, heart)."
  )

  enum Workload: String, ExpressibleByArgument {
    case fullFrame = "full-frame"
    case heart
  }

  @Argument(help: "The workload.")
  var workload: Workload

  @Option(help: "Frames to render for full-frame.")
  var frames: Int = 200

  func run() throws {
    switch workload {
    case .fullFrame:
      // Two alternating frames that differ in every cell (letters, CJK, styles), so each render rewrites all.
      var a = Buffer(width: 200, height: 60)
      var b = Buffer(width: 200, height: 60)
      let rowA = String(repeating: "Kumiki 組木 ", count: 20)
      let rowB = String(repeating: "組木 kumiki ", count: 20)
      for y in 0..<60 {
        a.put(rowA, x: 0, y: y, style: Style(foreground: .green))
        b.put(rowB, x: 0, y: y, style: Style(foreground: .yellow, attributes: .bold))
      }
      var renderer = Renderer()
      var output: [UInt8] = []
      output.reserveCapacity(64 * 1024)
      renderer.render(a, into: &output)
      let clock = ContinuousClock()
      var bytes = 0
      let elapsed = clock.measure {
        for frame in 0..<frames {
          output.removeAll(keepingCapacity: true)
          renderer.render(frame % 2 == 0 ? b : a, into: &output)
          bytes += output.count
        }
      }
      let perFrame = elapsed / frames
      print("terminal full-frame: 200x60, \(frames) frames, \(perFrame) per frame, \(bytes / frames) bytes per frame")
    case .heart:
      var screen = Buffer(width: 200, height: 60)
      for y in 0..<60 { screen.put(String(repeating: "カレー spice ", count: 18), x: 0, y: y) }
      screen.put("[ ]", x: 150, y: 30)
      var renderer = Renderer()
      _ = renderer.render(screen)
      screen.put("[x]", x: 150, y: 30, style: Style(foreground: .red, attributes: .bold))
      let on = renderer.render(screen)
      screen.put("[ ]", x: 150, y: 30)
      let off = renderer.render(screen)
      print("terminal heart: \(on.count) bytes to save, \(off.count) bytes to unsave (target <= 40)")
    }
  }
}
