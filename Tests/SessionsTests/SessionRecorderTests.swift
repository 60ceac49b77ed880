import Core
import FeatureKit
import Foundation
import Sessions
import Synchronization
import Testing

@testable import ActionLog

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct SessionRecorderTests {
  @Test func aRecordingStartsWithItsHeaderAndSaysWhoDispatchedEachAction() async throws {
    let (_, file) = try await Fixtures.recordSession()
    let lines = file.text.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == #"{"kumiki":"session","schema":1,"app":"test-app","version":"9.9","t":"2026-11-21T09:30:00.000Z","#
        + #""features":["search","counter","tally","lossy"]}"#)
    let recording = try SessionRecording(parsing: file.text)
    #expect(recording.header?.features == ["search", "counter", "tally", "lossy"])
    #expect(recording.records.map(\.sequence) == Array(1...recording.records.count))
    let described = recording.records.map { record in
      "\(ActionLog.sourceName(record.source!)) \(String(decoding: record.action, as: UTF8.self))"
    }
    #expect(
      Array(described.prefix(5)) == [
        #"user {"app":{"launch":{}}}"#,  // dispatched before the recorder was attached: kept, then written
        #"follow-up {"action":{"launched":{}},"feature":"search"}"#,
        #"user {"action":{"typed":{"_0":"カレー"}},"feature":"search"}"#,
        #"follow-up {"action":{"searching":{}},"feature":"search"}"#,
        #"effect {"action":{"loaded":{"_0":["カレー 1","カレー 2"],"at":786543210.123456}},"feature":"search"}"#,
      ])
  }

  @Test func eachLineIsInTheFileBeforeTheReducerRuns() throws {
    let file = Fixtures.TemporaryFile()
    let recorder = try SessionRecorder(path: file.path, app: "test-app", version: "9.9")
    let seenByReducer = Mutex<[String]>([])
    let spy = Middleware<AppState, AppAction> { _, action, next in
      seenByReducer.withLock { $0.append(file.text) }  // what a crash in the reducer would leave behind
      next(action)
    }
    let app = try Fixtures.registry().assemble(middlewares: [recorder.middleware, spy], mode: .replay)
    recorder.attach(to: app)
    app.store.dispatch(.feature(slot: 1, action: Fixtures.CounterFeature.Action.add(1)))
    let logged = try #require(seenByReducer.withLock { $0.last })
    #expect(logged.hasSuffix(#""by":"user","action":{"action":{"add":{"_0":1}},"feature":"counter"}}"# + "\n"))
    #expect(recorder.count == 1)
    #expect(recorder.problem == nil)
  }

  @Test func aPathThatCannotBeWrittenIsACannotCreateError() {
    #expect(throws: SessionError.self) {
      _ = try SessionRecorder(path: "/nonexistent-kumiki/session.jsonl", app: "a", version: "1")
    }
    do {
      _ = try SessionRecorder(path: "/nonexistent-kumiki/session.jsonl", app: "a", version: "1")
    } catch {
      #expect(error.kind == .cannotCreate)
      #expect(error.description.hasPrefix("cannot create /nonexistent-kumiki/session.jsonl: "))
    }
  }

  @Test func aRecordingIsReadableByItsOwnerOnly() async throws {
    let (_, file) = try await Fixtures.recordSession()
    var status = stat()
    try #require(lstat(file.path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
  }

  /// `--record` onto a symbolic link, a device or a FIFO: refused (exit 73 in the apps), nothing replaced or
  /// written through.
  @Test func aPathThatIsNotARegularFileIsRefusedAndLeftAsItIs() throws {
    let folder = NSTemporaryDirectory() + "kumiki-record-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("precious\n".utf8).write(to: URL(fileURLWithPath: folder + "/target"))
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.jsonl", withDestinationPath: folder + "/target")
    try #require(mkfifo(folder + "/fifo.jsonl", 0o644) == 0)
    for (path, kind) in [
      (folder + "/link.jsonl", "a symbolic link"), ("/dev/null", "a device"), (folder + "/fifo.jsonl", "a FIFO"),
    ] {
      #expect(
        throws: SessionError(
          .cannotCreate,
          "cannot create \(path): it is \(kind); only a regular file or a new path is written (it is left as it is)")
      ) {
        _ = try SessionRecorder(path: path, app: "a", version: "1")
      }
    }
    #expect(try String(contentsOfFile: folder + "/target", encoding: .utf8) == "precious\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.jsonl") == folder + "/target")
  }

  @Test func aWriteErrorIsReportedAsAProblem() throws {
    let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(descriptor >= 0)
    let recorder = SessionRecorder(
      file: ActionLogFile(descriptor: descriptor, path: "/dev/full"), app: "a", version: "1")
    let app = try Fixtures.registry().assemble(middlewares: [recorder.middleware], mode: .replay)
    recorder.attach(to: app)
    app.store.dispatch(.feature(slot: 1, action: Fixtures.CounterFeature.Action.add(1)))
    #expect(recorder.problem?.hasPrefix("could not write /dev/full: ") == true)
  }
}
