import Foundation
import TUI
import Testing

/// Compares `text` (a frame's `buffer.text`) with the snapshot `__Snapshots__/<name>.txt` next to the calling test
/// file. On a mismatch it records a failure with a line diff. With `KUMIKI_RECORD_SNAPSHOTS=1` it (re)writes the
/// file and fails with "recorded", so a recording run never passes by accident.
///
/// ```swift
/// let frame = TUIApp.frame(
///   app: app, state: TUIState(size: Size(width: 100, height: 30)), theme: .monochrome,
///   timeZone: TimeZone(identifier: "UTC")!)  // DevTools shows times: fix the zone
/// assertSnapshot(frame.buffer.text, named: "home-content-100x30")
/// ```
public func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
  assertSnapshot(text, named: name, in: folder, recordingMissing: false, sourceLocation: sourceLocation)
}

/// Compares `text` with the golden frame `<folder>/<name>.txt`, as ``assertSnapshot(_:named:filePath:sourceLocation:)``
/// does, for frames kept away from the test file (a feature's frames live in its own test folder).
///
/// With `recordingMissing`, a frame with no file yet is written and the check passes with a note on standard error
/// (a new feature's frames appear on its first run, for its team to review and commit), except under CI (`CI` set
/// and not `false`), where a missing frame fails: CI compares, it never records.
public func assertSnapshot(
  _ text: String, named name: String, in folder: URL, recordingMissing: Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = folder.appendingPathComponent(name + ".txt")
  let environment = ProcessInfo.processInfo.environment
  let underCI = environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
  if recordingMissing, !underCI, environment["KUMIKI_RECORD_SNAPSHOTS"] != "1",
    !FileManager.default.fileExists(atPath: url.path)
  {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data((text + "\n").utf8).write(to: url)
      FileHandle.standardError.write(Data("recorded new golden frame \(url.path): review and commit it\n".utf8))
    } catch {
      Issue.record("could not record golden frame \(name): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  let expected = try? String(contentsOf: url, encoding: .utf8)
  let actual = text + "\n"
  if ProcessInfo.processInfo.environment["KUMIKI_RECORD_SNAPSHOTS"] == "1" {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      Issue.record(
        "recorded snapshot \(name) (unset KUMIKI_RECORD_SNAPSHOTS to compare)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let expected else {
    Issue.record(
      "no snapshot \(name) at \(url.path); run with KUMIKI_RECORD_SNAPSHOTS=1 to record it",
      sourceLocation: sourceLocation)
    return
  }
  guard expected != actual else { return }
  let diff = LineDiff.hunks(
    LineDiff.diff(expected.components(separatedBy: "\n"), actual.components(separatedBy: "\n")), context: 2)
  let lines = diff.map { line -> String in
    switch line {
    case .same(let text): "  |\(text)"
    case .removed(let text): "- |\(text)"
    case .added(let text): "+ |\(text)"
    case nil: "  ..."
    }
  }
  let message = "snapshot \(name) differs (- expected, + actual):\n" + lines.joined(separator: "\n")
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
