import FixtureData
import FixtureServer
import Foundation
import Synchronization
import Testing

/// A real browser against kumiki-api: headless Chromium (Debian's `chromium`, which `Scripts/bootstrap` installs)
/// loads a page from another loopback port (the API's address in the page's fragment), whose script reads a list from
/// kumiki-api, PATCHes an item (a CORS preflight first: PATCH with a JSON body is not a simple request) and reads it
/// back, then posts what it saw to the page's own server. That origin is allowed with `--cors`; a page of an origin
/// that is not changes nothing, whatever it sends.
@Suite("FixtureServer: a real browser on another origin")
struct FixtureBrowserTests {
  /// Where Debian installs Chromium, when it is installed.
  static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static let page = """
    <!doctype html>
    <html><body><pre id="out">running</pre><script>
    const api = decodeURIComponent(location.hash.slice(1));
    async function run() {
      const list = await (await fetch(api + "/posts?_limit=2")).json();
      const id = list[0].id;
      const patched = await fetch(api + "/posts/" + id, {
        method: "PATCH", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({title: "from chromium"})
      });
      const back = await (await fetch(api + "/posts/" + id)).json();
      return {count: list.length, id: id, patchStatus: patched.status, title: back.title, origin: location.origin};
    }
    run()
      .then(result => JSON.stringify(result), error => JSON.stringify({error: String(error)}))
      .then(text => {
        document.getElementById("out").textContent = text;
        return fetch("/result", {method: "POST", body: text});
      });
    </script></body></html>
    """

  /// What a page on a foreign origin tries (issue 34): a `text/plain` and a form `POST` over `profile`
  /// (simple requests: no preflight, the answer unreadable), then a JSON `PATCH` (after a preflight), and reports
  /// how each ended.
  static let attackPage = """
    <!doctype html>
    <html><body><pre id="out">running</pre><script>
    const api = decodeURIComponent(location.hash.slice(1));
    async function attempt(request) {
      try { const answer = await request(); return answer.type === "opaque" ? "opaque" : answer.status; }
      catch (error) { return "failed: " + String(error); }
    }
    async function run() {
      const text = await attempt(() => fetch(api + "/profile", {method: "POST", mode: "no-cors",
        headers: {"Content-Type": "text/plain"}, body: JSON.stringify({nickname: "attacker"})}));
      const form = await attempt(() => fetch(api + "/profile", {method: "POST", mode: "no-cors",
        body: new URLSearchParams({nickname: "attacker"})}));
      const patch = await attempt(() => fetch(api + "/profile", {method: "PATCH",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify({nickname: "attacker"})}));
      const read = await attempt(() => fetch(api + "/profile"));
      return {text: text, form: form, patch: patch, read: read};
    }
    run()
      .then(result => JSON.stringify(result), error => JSON.stringify({error: String(error)}))
      .then(text => fetch("/result", {method: "POST", body: text}));
    </script></body></html>
    """

  @Test(
    "Chromium on another origin reads a list, PATCHes an item through a preflight and reads it back",
    .enabled(
      if: chromium != nil,
      "chromium is not installed (/usr/bin/chromium): run Scripts/bootstrap (make bootstrap), which installs it"),
    .timeLimit(.minutes(2)))
  func browserRoundTrip() async throws {
    let chromium = try #require(Self.chromium)
    let requests = LogLines()
    let pages = try StaticPageServer(page: Self.page)
    defer { pages.stop() }
    var configuration = FixtureServer.Configuration(requestLog: requests.log)
    configuration.allowedOrigins = ["http://127.0.0.1:\(pages.port)"]
    try await withFixtureServer(configuration) { server async throws in
      let text = try await Self.run(chromium, on: pages, api: server.baseURL)
      let seen = try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
      #expect(seen["error"] == nil, "\(text)")
      #expect(seen["count"] as? Int == 2)
      #expect(seen["patchStatus"] as? Int == 200)
      #expect(seen["title"] as? String == "from chromium")
      #expect(seen["origin"] as? String == "http://127.0.0.1:\(pages.port)")
      let id = try #require(seen["id"] as? Int)
      guard case .array(let news)? = server.database["posts"] else { throw HTTPClientError.unexpectedShape }
      #expect(news.first { $0["id"] == .integer(id) }?["title"] == .string("from chromium"))
      #expect(requests.all.contains { $0.hasPrefix("OPTIONS /posts/\(id) → 204") }, "\(requests.all)")
      #expect(requests.all.contains { $0.hasPrefix("PATCH /posts/\(id) → 200") }, "\(requests.all)")
    }
  }

  @Test(
    "Chromium on an origin not allowed changes nothing: text/plain and form POSTs are 403, the PATCH's preflight too",
    .enabled(
      if: chromium != nil,
      "chromium is not installed (/usr/bin/chromium): run Scripts/bootstrap (make bootstrap), which installs it"),
    .timeLimit(.minutes(2)))
  func foreignPageChangesNothing() async throws {
    let chromium = try #require(Self.chromium)
    let requests = LogLines()
    let pages = try StaticPageServer(page: Self.attackPage)
    defer { pages.stop() }
    try await withFixtureServer(FixtureServer.Configuration(requestLog: requests.log)) { server async throws in
      let before = server.database["profile"]
      let text = try await Self.run(chromium, on: pages, api: server.baseURL)
      let seen = try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
      #expect(seen["error"] == nil, "\(text)")
      // The simple requests went out (their answers are opaque to the page), the PATCH never passed its preflight,
      // and the read was answered without Access-Control-Allow-Origin, so the page could not read it.
      #expect(seen["text"] as? String == "opaque", "\(text)")
      #expect(seen["form"] as? String == "opaque", "\(text)")
      #expect((seen["patch"] as? String)?.hasPrefix("failed") == true, "\(text)")
      #expect((seen["read"] as? String)?.hasPrefix("failed") == true, "\(text)")
      #expect(server.database["profile"] == before)
      #expect(requests.all.filter { $0.hasPrefix("POST /profile → 403") }.count == 2, "\(requests.all)")
      #expect(requests.all.contains { $0.hasPrefix("OPTIONS /profile → 403") }, "\(requests.all)")
      #expect(!requests.all.contains { $0.hasPrefix("PATCH /profile") }, "\(requests.all)")
    }
  }

  /// Runs Chromium on `pages`' page with `api` in its fragment; the text the page posted back.
  private static func run(_ chromium: String, on pages: StaticPageServer, api: URL) async throws -> String {
    try await withTemporaryDirectory { directory in
      // At the lowest CPU priority (nice execs it, so the process is Chromium itself): its start-up burst must not
      // slow the timing-sensitive suites that run beside this one on a small machine.
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
      process.arguments = [
        "-n", "19", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--mute-audio", "--user-data-dir=\(directory.path)/profile",
        "http://127.0.0.1:\(pages.port)/#\(api.absoluteString)",
      ]
      let errorLog = directory.appendingPathComponent("chromium.log")
      _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
      let errors = try FileHandle(forWritingTo: errorLog)
      process.standardOutput = errors
      process.standardError = errors
      try process.run()
      defer {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
      }
      // The first result, or nil after the deadline (a bound on the wait, not a synchronisation).
      let result = await withTaskGroup(of: String?.self) { group in
        group.addTask {
          for await body in pages.results { return body }
          return nil
        }
        group.addTask {
          try? await Task.sleep(for: .seconds(90))
          return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        pages.stop()
        return first
      }
      let log = String(((try? String(contentsOf: errorLog, encoding: .utf8)) ?? "").suffix(3000))
      return try #require(result, "Chromium posted no result within 90 s; its output:\n\(log)")
    }
  }
}
