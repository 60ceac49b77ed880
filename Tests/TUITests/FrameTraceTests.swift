import Foundation
import Glibc
import Terminal
import Testing

@testable import TUI

@Suite("Frame trace")
struct FrameTraceTests {
  @Test("writes one sorted-key JSON line per frame, stamped with the wall clock")
  func linesPerFrame() throws {
    let path = "/tmp/kumiki-frame-trace-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl"
    defer { unlink(path) }
    let before = Date().timeIntervalSince1970
    do {
      let trace = try FrameTrace(path: path)
      trace.record(FrameReport(number: 1, bytes: 4096, tab: "Home", complete: false))
      trace.record(FrameReport(number: 2, bytes: 37, tab: "ホーム \"1\"", complete: true))
    }
    let after = Date().timeIntervalSince1970
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n").map { try? JSONDecoder().decode(FrameTrace.Line.self, from: Data($0.utf8)) }
    #expect(lines.count == 2)
    #expect(lines.first??.frame == 1 && lines.first??.bytes == 4096 && lines.first??.complete == false)
    #expect(lines.last??.tab == "ホーム \"1\"" && lines.last??.complete == true)
    for line in lines { #expect((before - 0.001...after + 0.001).contains(line?.time ?? 0)) }
    #expect(text.hasPrefix("{\"bytes\":4096,\"complete\":false,\"frame\":1,\"tab\":\"Home\",\"time\":"))
  }

  @Test("a path that cannot be created is a thrown error naming it")
  func unwritable() {
    let error = #expect(throws: TerminalError.self) { try FrameTrace(path: "/nonexistent-kumiki-dir/trace.jsonl") }
    #expect(error?.description.contains("/nonexistent-kumiki-dir/trace.jsonl") == true)
  }
}
