import Foundation
import Glibc
import Terminal

/// Writes one JSON line per frame to a file, for ``TUIOptions/onFrame``: the wall-clock time it was written and
/// what it showed. `kumiki-tui` turns it on with `KUMIKI_TUI_TRACE=path`; `make bench` reads it to time start-up
/// to the first complete Home frame.
///
/// ```json
/// {"bytes":5120,"complete":true,"frame":3,"tab":"Home","time":1795000000.123456}
/// ```
public final class FrameTrace: Sendable {
  /// One line of the trace.
  public struct Line: Codable, Sendable, Equatable {
    /// Frame number, from 1.
    public var frame: Int
    /// Seconds since the Unix epoch (`CLOCK_REALTIME`) just after the frame was written.
    public var time: Double
    /// Bytes written for the frame.
    public var bytes: Int
    /// The selected tab's title.
    public var tab: String
    /// Whether the selected tab was fully shown (see ``FrameReport/complete``).
    public var complete: Bool
  }

  private let descriptor: Int32

  /// Creates (truncates) the trace file at `path`; throws ``TerminalError/systemCall(_:errno:)`` when it cannot.
  public init(path: String) throws {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw TerminalError.systemCall("open \(path)", errno: errno) }
  }

  deinit { close(descriptor) }

  /// Appends the line for `report`, stamped with the current time. Write errors are ignored: tracing never
  /// stops the app.
  public func record(_ report: FrameReport) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let line = Line(
      frame: report.number, time: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9, bytes: report.bytes,
      tab: report.tab, complete: report.complete)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard var data = try? encoder.encode(line) else { return }
    data.append(0x0A)
    _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }
}
