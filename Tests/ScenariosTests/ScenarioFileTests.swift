import FixtureData
import Scenarios
import Testing

/// A feature's `scenarios/<name>.json`: what the format allows, read into a ``Scenario``, and every way a file can be
/// wrong refused with a message naming the file.
@Suite("Scenario files")
struct ScenarioFileTests {
  let file = "Modules/Features/Recipes/scenarios/x.json"

  func read(_ text: String, name: String = "few-items") throws(ScenarioError) -> Scenario {
    try Scenario(name: name, json: Array(text.utf8), file: file)
  }

  /// The reason a text is refused, checking the message names the file.
  func refusal(_ text: String, name: String = "few-items") -> String? {
    do {
      _ = try read(text, name: name)
      return nil
    } catch {
      #expect(error.description.hasPrefix(file + ": "), "\(error)")
      guard case .invalid(_, let reason) = error else { return nil }
      return reason
    }
  }

  @Test("every key, read into the scenario")
  func everyKey() throws {
    let scenario = try read(
      """
      {"description": "Photos fail, news is empty, the list is short", "cache": "warm",
       "api": {"latency": 300, "status": {"images": 503, "*": 502}, "empty": ["posts"],
               "data": {"articles": [{"id": 1, "title": "一つだけ"}], "profile": {"nickname": "x"}}}}
      """)
    #expect(scenario.name == "few-items")
    #expect(scenario.summary == "Photos fail, news is empty, the list is short")
    #expect(scenario.cache == .warm)
    #expect(scenario.file == file)
    #expect(scenario.api.latency == 300)
    #expect(
      scenario.api.statuses == [
        ScenarioStatus(resource: "images", code: 503), ScenarioStatus(resource: "*", code: 502),
      ])
    #expect(scenario.api.empty == .named(["posts"]))
    #expect(scenario.api.data?.keys == ["articles", "profile"])
    #expect(scenario.api.down == false)
  }

  @Test("only a description: the sample data at once, no cache")
  func defaults() throws {
    let scenario = try read(#"{"description": "Nothing special"}"#)
    #expect(scenario.api == ScenarioAPI())
    #expect(scenario.cache == .none)
  }

  @Test("empty: true is every list; down is read")
  func everyListAndDown() throws {
    #expect(try read(#"{"description": "d", "api": {"empty": true}}"#).api.empty == .all)
    #expect(try read(#"{"description": "d", "api": {"down": true}, "cache": "warm"}"#).api.down)
  }

  @Test(
    "a bad file is refused, naming the file and the problem",
    arguments: [
      ("{", "malformed JSON"),
      ("[]", "top level must be a JSON object"),
      (#"{}"#, "\"description\""),
      (#"{"description": ""}"#, "one line of 1 to 120"),
      (#"{"description": "two\nlines"}"#, "one line"),
      (#"{"description": "d", "colour": "red"}"#, "unknown key \"colour\""),
      (#"{"description": "d", "api": {"latency": -1}}"#, "api.latency"),
      (#"{"description": "d", "api": {"latency": 600001}}"#, "api.latency"),
      (#"{"description": "d", "api": {"latency": 1.5}}"#, "api.latency"),
      (#"{"description": "d", "api": {"lag": 1}}"#, "unknown key \"api.lag\""),
      (#"{"description": "d", "api": {"status": {"x": 200}}}"#, "400...599"),
      (#"{"description": "d", "api": {"status": {"x": "503"}}}"#, "400...599"),
      (#"{"description": "d", "api": {"status": {"a/b": 503}}}"#, "not a resource name"),
      (#"{"description": "d", "api": {"status": [503]}}"#, "api.status"),
      (#"{"description": "d", "api": {"empty": []}}"#, "api.empty"),
      (#"{"description": "d", "api": {"empty": false}}"#, "api.empty"),
      (#"{"description": "d", "api": {"empty": [1]}}"#, "api.empty"),
      (#"{"description": "d", "api": {"data": {}}}"#, "api.data"),
      (#"{"description": "d", "api": {"data": {"x": 1}}}"#, "api.data.x"),
      (#"{"description": "d", "api": {"down": "yes"}}"#, "api.down"),
      (#"{"description": "d", "api": {"down": true, "latency": 5}}"#, "nothing to answer"),
      (#"{"description": "d", "cache": "hot"}"#, "\"cache\" must be"),
    ])
  func refused(text: String, expected: String) {
    let reason = refusal(text)
    #expect(reason?.contains(expected) == true, "\(reason ?? "accepted")")
  }

  /// Issue 34: a resource named `-x` passed the file's checks and reached `kumiki-api` as an option, which failed
  /// with its multi-line usage. Every place a file names a resource takes the same names, one line refusing the rest.
  @Test(
    "a resource name must be ASCII letters, digits, _ and -, not starting with -",
    arguments: ["-x", "--db", "-", "a b", "a.b", "カレー", "a\u{202E}b", String(repeating: "a", count: 257)])
  func resourceNames(name: String) throws {
    let key = String(decoding: JSONWriter().bytes(of: .string(name)), as: UTF8.self)
    for text in [
      #"{"description": "d", "api": {"status": {\#(key): 503}}}"#,
      #"{"description": "d", "api": {"empty": [\#(key)]}}"#,
      #"{"description": "d", "api": {"data": {\#(key): []}}}"#,
    ] {
      let reason = refusal(text)
      #expect(reason?.contains("which is not a resource name") == true, "\(text): \(reason ?? "accepted")")
      #expect(reason?.contains("\n") == false)
    }
    for accepted in ["images", "x-y", "_private", "A1"] {
      #expect(try read(#"{"description": "d", "api": {"empty": ["\#(accepted)"]}}"#).api.empty == .named([accepted]))
    }
  }

  @Test("a file name that is not a scenario name, or a standard scenario's, is refused")
  func names() {
    #expect(refusal(#"{"description": "d"}"#, name: "Offline")?.contains("not a scenario name") == true)
    #expect(refusal(#"{"description": "d"}"#, name: "9lives")?.contains("not a scenario name") == true)
    #expect(refusal(#"{"description": "d"}"#, name: "offline")?.contains("standard scenario") == true)
  }

  @Test("text from the file reaches a message with its control characters escaped")
  func escapes() {
    let reason = refusal("{\"description\": \"d\", \"\\u001b[2J\": 1}")
    #expect(reason?.contains("\u{1B}") == false)
    #expect(reason?.contains("\\u{1B}[2J") == true, "\(reason ?? "")")
  }

  @Test("a file over 1 MiB is refused before it is parsed")
  func size() {
    let reason = refusal(String(repeating: " ", count: Scenario.maximumFileSize + 1))
    #expect(reason?.contains("at most") == true)
  }
}
