import ActionLog
import Core
import Foundation
import Testing

/// The session format: the header line, who dispatched each action (`"by"`), line numbers, and the file writer.
@Suite struct ActionLogFormatTests {
  typealias Shop = ActionLogTests.Shop
  typealias ShopAction = ActionLogTests.ShopAction

  static let decode: @Sendable (Data) throws -> ShopAction = { try JSONDecoder().decode(ShopAction.self, from: $0) }

  @Test func theRecorderSaysWhoDispatchedEachAction() async throws {
    let lines = ActionLogTests.Lines()
    // After `.checkout`, a follow-up; after `.removeFirst`, an effect's answer.
    let effects = Middleware<Shop, ShopAction>.after { context, action in
      if action == .checkout { context.dispatch(.add("receipt", price: 0)) }
      if action == .removeFirst { context.run { send in send(.add("refund", price: -100)) } }
    }
    let store = Store(
      initialState: Shop(), reducer: ActionLogTests.reducer,
      middlewares: [effects, lines.recorder()])
    store.dispatch(.checkout)
    store.dispatch(.removeFirst)
    await store.settled()
    let entries = try ActionLog.entries(in: lines.text, decode: Self.decode)
    #expect(entries.map(\.source) == [.external, .followUp, .external, .effect])
    #expect(lines.text.split(separator: "\n").map { $0.contains(#""by":"follow-up""#) } == [false, true, false, false])
    #expect(lines.text.contains(#""by":"effect""#))
  }

  @Test func aHeaderIsWrittenAsOneLineAndReadBack() throws {
    let header = ActionLogHeader(
      app: "kumiki-tui", version: "0.1.0", started: Date(timeIntervalSince1970: 1_700_000_000.25),
      features: ["home", "archive"])
    #expect(
      header.line
        == #"{"kumiki":"session","schema":1,"app":"kumiki-tui","version":"0.1.0","t":"2023-11-14T22:13:20.250Z","#
        + #""features":["home","archive"]}"#)
    let log = header.line + "\n" + #"{"seq":1,"t":"2023-11-14T22:13:20.250Z","by":"user","action":{"checkout":{}}}"#
    let (read, records) = try ActionLog.read(log)
    #expect(read == header)
    #expect(read?.recordedBy == "kumiki-tui 0.1.0")
    #expect(records.map(\.line) == [2])
    #expect(records.map(\.source) == [.external])
    // `entries` skips the header: the API older callers use reads both kinds of log.
    #expect(try ActionLog.entries(in: log, decode: Self.decode).map(\.action) == [.checkout])
  }

  @Test func logsWithoutHeaderOrSourcesAreStillRead() throws {
    // A DevTools export from before sessions: no header, no "by".
    let log = """

      {"seq":1,"t":"2023-11-14T22:13:20.250Z","action":{"checkout":{}}}

      {"seq":2,"t":"2023-11-14T22:13:20.375Z","action":{"removeFirst":{}}}
      """
    let (header, records) = try ActionLog.read(log)
    #expect(header == nil)
    #expect(records.map(\.line) == [2, 4])
    #expect(records.map(\.source) == [nil, nil])
    let entries = try ActionLog.entries(in: log, decode: Self.decode)
    #expect(entries.map(\.action) == [.checkout, .removeFirst])
    #expect(entries.map(\.line) == [2, 4])
  }

  @Test func droppedActionsAreSaidInTheHeader() throws {
    let header = ActionLogHeader(features: ["archive"], dropped: 12)
    #expect(header.line == #"{"kumiki":"session","schema":1,"features":["archive"],"dropped":12}"#)
    #expect(try ActionLog.read(header.line).header?.dropped == 12)
    #expect(header.recordedBy == nil)
  }

  @Test(arguments: [
    (
      #"{"kumiki":"session","schema":1,"features":[]}"# + "\n" + #"{"kumiki":"session","schema":1,"features":[]}"#,
      ActionLogError.malformedLine(2, "a header line is only allowed first")
    ),
    (
      #"{"seq":1,"t":"2023-11-14T22:13:20.250Z","action":{}}"# + "\n"
        + #"{"kumiki":"session","schema":1,"features":[]}"#,
      .malformedLine(2, "a header line is only allowed first")
    ),
    (#"{"kumiki":"session","schema":2,"features":[]}"#, .unsupportedSchema(line: 1, schema: 2)),
    (#"{"kumiki":"recording","schema":1,"features":[]}"#, .malformedLine(1, #"a header must say "kumiki":"session""#)),
    (
      #"{"kumiki":"session","schema":1}"#, .malformedLine(1, #"the header's "features" must be a list of feature keys"#)
    ),
    (
      #"{"seq":1,"t":"2023-11-14T22:13:20.250Z","by":"robot","action":{}}"#,
      .malformedLine(1, #""by" must be "user", "effect" or "follow-up""#)
    ),
    (
      #"{"seq":1,"t":"yesterday\n}","action":{}}"#,
      .malformedLine(1, #""t" is not an ISO 8601 time with milliseconds: "yesterday\n}""#)
    ),
    ("[1,2]", .malformedLine(1, "expected a JSON object")),
    // An action number names one action: the variable of a generated test, `--until`.
    (
      #"{"seq":0,"t":"2023-11-14T22:13:20.250Z","action":{}}"#, .malformedLine(1, #""seq" is 0; it must be at least 1"#)
    ),
    (
      #"{"seq":-5,"t":"2023-11-14T22:13:20.250Z","action":{}}"#,
      .malformedLine(1, #""seq" is -5; it must be at least 1"#)
    ),
    (
      #"{"seq":2,"t":"2023-11-14T22:13:20.250Z","action":{}}"# + "\n"
        + #"{"seq":2,"t":"2023-11-14T22:13:20.250Z","action":{}}"#,
      .malformedLine(2, #""seq" is 2; it must be greater than the previous entry's (2)"#)
    ),
  ])
  func badLinesAreNamed(_ log: String, _ expected: ActionLogError) {
    #expect(throws: expected) { try ActionLog.read(log) }
  }

  @Test func anActionThatDoesNotDecodeIsNamedByLineAndNumber() {
    let log = """
      {"kumiki":"session","schema":1,"features":["shop"]}
      {"seq":1,"t":"2023-11-14T22:13:20.250Z","by":"user","action":{"checkout":{}}}
      {"seq":2,"t":"2023-11-14T22:13:20.250Z","by":"user","action":{"add":{"name":"ramen"}}}
      """
    do {
      _ = try ActionLog.entries(in: log, decode: Self.decode)
      Issue.record("expected a decoding error")
    } catch let error as ActionLogError {
      guard case .undecodableAction(let line, let sequence, let reason) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(line == 3)
      #expect(sequence == 2)
      #expect(reason.contains("'_0'") || reason.contains("price"), "\(reason)")
      #expect(error.description.hasPrefix("action log line 3 (action 2): cannot decode the action: "))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func aFileIsWrittenLineByLineAndReadableWhileOpen() throws {
    let path = NSTemporaryDirectory() + "kumiki-actionlog-\(UUID().uuidString).jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try ActionLogFile(creatingAt: path)
    file.append(ActionLogHeader(features: ["shop"]).line)
    file.append(
      ActionLog.line(sequence: 1, timestamp: Date(timeIntervalSince1970: 0), source: .effect, action: Data("{}".utf8)))
    // Not closed yet: each line is already in the file (a crash now loses nothing).
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == #"{"kumiki":"session","schema":1,"features":["shop"]}"# + "\n"
        + #"{"seq":1,"t":"1970-01-01T00:00:00.000Z","by":"effect","action":{}}"# + "\n")
    #expect(file.failure == nil)
    file.close()
    file.append("after close")
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("{}}\n"))
  }

  @Test(arguments: ["/nonexistent-kumiki-dir/x.jsonl", "/", ""])
  func aFileThatCannotBeCreatedSaysWhy(_ path: String) {
    #expect {
      _ = try ActionLogFile(creatingAt: path)
    } throws: { error in
      guard case .cannotCreate(let reported, let reason) = error as? ActionLogError else { return false }
      return reported == path && !reason.isEmpty
    }
  }

  @Test func linesEndAtLineFeedsOnlySoOtherLineBreaksInTextAreKept() throws {
    // JSON leaves U+2028, U+2029 and NEL (U+0085) unescaped in strings: they are text, not line ends.
    let text = "a\u{2028}b\u{2029}c\u{85}d\u{B}\u{C}e"
    let action = try JSONEncoder().encode(ShopAction.add(text, price: 1))
    let log =
      ActionLog.line(sequence: 1, timestamp: Date(timeIntervalSince1970: 0), source: .external, action: action)
      + "\r\n" + ActionLog.line(sequence: 2, timestamp: Date(timeIntervalSince1970: 0), source: nil, action: action)
    let entries = try ActionLog.entries(in: log, decode: Self.decode)
    #expect(entries.map(\.action) == [.add(text, price: 1), .add(text, price: 1)])
    #expect(entries.map(\.line) == [1, 2])
  }
}
