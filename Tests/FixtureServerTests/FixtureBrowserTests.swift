import FixtureData
import FixtureServer
import Foundation
import Synchronization
import Testing

/// A real browser against kumiki-api: headless Chromium (Debian's `chromium`, which `Scripts/bootstrap` installs)
/// loads a page from another loopback port, whose script reads a list from kumiki-api, PATCHes an item (a CORS
/// preflight first: PATCH with a JSON body is not a simple request) and reads it back, then posts what it saw to
/// the page's own server.
@Suite("FixtureServer: a real browser on another origin")
struct FixtureBrowserTests {
  /// Where Debian installs Chromium, when it is installed.
  static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static func page(api: URL) -> String {
    """
    <!doctype html>
    <html><body><pre id="out">running</pre><script>
    const api = "\(api.absoluteString)";
    async function run() {
      const list = await (await fetch(api + "/recent_news?_limit=2")).json();
      const id = list[0].id;
      const patched = await fetch(api + "/recent_news/" + id, {
        method: "PATCH", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({title: "from chromium"})
      });
      const back = await (await fetch(api + "/recent_news/" + id)).json();
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
  }

  @Test(
    "Chromium on another origin reads a list, PATCHes an item through a preflight and reads it back",
    .enabled(
      if: chromium != nil,
      "chromium is not installed (/usr/bin/chromium): run Scripts/bootstrap (make bootstrap), which installs it"),
    .timeLimit(.minutes(2)))
  func browserRoundTrip() async throws {
    let chromium = try #require(Self.chromium)
    let requests = LogLines()
    let configuration = FixtureServer.Configuration(requestLog: requests.log)
    try await withFixtureServer(configuration) { server async throws in
      let pages = try StaticPageServer(page: Self.page(api: server.baseURL))
      defer { pages.stop() }
      try await withTemporaryDirectory { directory in
        // At the lowest CPU priority (nice execs it, so the process is Chromium itself): its start-up burst must not
        // slow the timing-sensitive suites that run beside this one on a small machine.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
        process.arguments = [
          "-n", "19", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
          "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
          "--disable-component-update", "--disable-sync", "--mute-audio", "--user-data-dir=\(directory.path)/profile",
          "http://127.0.0.1:\(pages.port)/",
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
        let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        let text = try #require(result, "Chromium posted no result within 90 s; its output:\n\(log.suffix(3000))")
        let seen = try #require(
          try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
        #expect(seen["error"] == nil, "\(text)")
        #expect(seen["count"] as? Int == 2)
        #expect(seen["patchStatus"] as? Int == 200)
        #expect(seen["title"] as? String == "from chromium")
        #expect(seen["origin"] as? String == "http://127.0.0.1:\(pages.port)")
        let id = try #require(seen["id"] as? Int)
        guard case .array(let news)? = server.database["recent_news"] else { throw HTTPClientError.unexpectedShape }
        #expect(news.first { $0["id"] == .integer(id) }?["title"] == .string("from chromium"))
        #expect(requests.all.contains { $0.hasPrefix("OPTIONS /recent_news/\(id) → 204") }, "\(requests.all)")
        #expect(requests.all.contains { $0.hasPrefix("PATCH /recent_news/\(id) → 200") }, "\(requests.all)")
      }
    }
  }
}
