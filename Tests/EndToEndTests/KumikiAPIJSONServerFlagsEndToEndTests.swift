import CompositionRootTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `kumiki-api`'s json-server flags end to end: `--help` shows them, the refused ones say why (exit 64), and a server
/// started with `--db --watch --routes --id --no-cors` rewrites paths, uses the id field, sends no CORS header and
/// picks up a hand edit of its file, saying so on standard error.
@Suite(.timeLimit(.minutes(2)))
struct KumikiAPIJSONServerFlagsEndToEndTests {
  private func api(_ arguments: [String]) async throws -> CommandResult {
    try await CommandResult.launch(BuiltBinary.path("kumiki-api"), arguments)
  }

  @Test func helpShowsJSONServersFlags() async throws {
    let help = try await api(["--help"])
    #expect(help.status == 0)
    for flag in [
      "-w, --watch", "-r, --routes", "-i, --id", "--foreignKeySuffix, --fks", "--no-cors", "-s, --static",
      "-S, --snapshots", "-d, --delay",
    ] {
      #expect(help.stdout.contains(flag), "\(flag) missing from --help")
    }
  }

  @Test(
    arguments: [
      (["--static", "public"], "--static is not supported: kumiki-api serves the API only"),
      (["--snapshots", "."], "--snapshots is not supported"),
      (["--watch"], "--watch needs --db FILE"),
      (["--id", ""], "--id must be 1...256 characters, got 0"),
      (["--routes", "/nonexistent/routes.json"], "--routes /nonexistent/routes.json: cannot read"),
      (["--delay=-1"], "--delay must be in 0...600000 ms"),
      (["--max-connections", "0"], "--max-connections must be in 1...100000, got 0"),
    ])
  func refusedFlagsSayWhy(arguments: [String], message: String) async throws {
    let result = try await api(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func watchRoutesIDAndNoCORSWorkTogether() async throws {
    let folder = try TemporaryFolder()
    let database = folder.path + "/db.json"
    try Data(#"{"posts": [{"key": 1, "title": "first"}], "comments": [{"key": 1, "postId": 1}]}"#.utf8).write(
      to: URL(fileURLWithPath: database))
    try Data(#"{"/api/*": "/$1"}"#.utf8).write(to: URL(fileURLWithPath: folder.path + "/routes.json"))
    let child = try APIChild([
      "--db", database, "--watch", "--routes", folder.path + "/routes.json", "--id", "key", "--no-cors",
    ])
    defer { child.stop() }
    let base = try #require(URL(string: child.address))
    var request = URLRequest(
      url: base.appending(path: "api/posts/1").appending(queryItems: [.init(name: "_embed", value: "comments")]))
    request.setValue("http://127.0.0.1:9", forHTTPHeaderField: "Origin")
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    #expect(http.statusCode == 200)
    #expect(http.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == nil)
    let post = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(post["title"] as? String == "first")
    #expect((post["comments"] as? [Any])?.count == 1)

    try Data(#"{"posts": [{"key": 1, "title": "edited"}]}"#.utf8).write(
      to: URL(fileURLWithPath: database), options: .atomic)
    let line = try child.waitForError { $0.contains("changed on disk: reloaded") }
    #expect(line != nil)
    let (edited, _) = try await URLSession.shared.data(from: base.appending(path: "posts/1"))
    #expect(try (JSONSerialization.jsonObject(with: edited) as? [String: Any])?["title"] as? String == "edited")
  }
}
