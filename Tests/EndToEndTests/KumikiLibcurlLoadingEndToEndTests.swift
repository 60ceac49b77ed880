import CompositionRootTesting
import FixtureServer
import Foundation
import Testing

/// libcurl is opened on the first request (`Modules/CCurl`), not at start-up: the real `kumiki` binary with
/// `KUMIKI_LIBCURL` pointing at a missing file runs every command that sends nothing, and a command that must
/// reach the network fails with the loader's reason instead of the process failing to start.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct KumikiLibcurlLoadingEndToEndTests {
  let noLibcurl = ["KUMIKI_LIBCURL": "/nonexistent/libcurl.so.4"]

  /// The dynamic loader lists every library it opens (or tries to) on standard error with `LD_DEBUG=files`.
  @Test func commandsThatSendNothingNeverOpenLibcurl() async throws {
    let folder = try TemporaryFolder()
    let environment = noLibcurl.merging(["LD_DEBUG": "files"]) { $1 }
    for arguments in [["--version"], ["--help"], ["features"], ["cache", "status"]] {
      let result = try await kumiki(arguments, folder: folder, environment: environment)
      #expect(result.status == 0, "\(arguments): \(result.stderr.suffix(500))")
      #expect(!result.stdout.isEmpty, "\(arguments)")
      #expect(result.stderr.contains("libsqlite3"), "\(arguments): the loader's log is on")
      #expect(!result.stderr.contains("libcurl"), "\(arguments)")
    }
  }

  /// The dynamic loader lists every library it opens on standard error with `LD_DEBUG=files`.
  @Test func onlyARequestLoadsLibcurlAndAReadTheCacheAnswersLoadsNone() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    let loaderLog = ["LD_DEBUG": "files"]
    let version = try await kumiki(["--version"], folder: folder, environment: loaderLog)
    #expect(version.status == 0)
    #expect(version.stderr.contains("libsqlite3"), "the loader log is there: \(version.stderr.prefix(300))")
    #expect(!version.stderr.contains("libcurl"))

    let first = try await kumiki(command.words, api: server.baseURL, folder: folder, environment: loaderLog)
    #expect(first.status == 0)
    #expect(!first.stdout.isEmpty)
    #expect(first.stderr.contains("file=libcurl.so.4"))

    // Within max-age the cache answers: no request, so libcurl is never opened.
    let cached = try await kumiki(command.words, api: server.baseURL, folder: folder, environment: loaderLog)
    #expect(cached.status == 0)
    #expect(cached.stdout == first.stdout)
    #expect(!cached.stderr.contains("libcurl"))
    let missing = try await kumiki(command.words, api: server.baseURL, folder: folder, environment: noLibcurl)
    #expect(missing.status == 0, "\(missing.stderr)")
    #expect(missing.stdout == first.stdout)
    await server.shutdown()
  }

  @Test func aRequestWithoutLibcurlFailsWithTheLoadersReason() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    let result = try await kumiki(
      ["--fresh"] + command.words, api: server.baseURL, folder: folder, environment: noLibcurl)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("cannot load libcurl"), "\(result.stderr)")
    #expect(result.stderr.contains("/nonexistent/libcurl.so.4"), "\(result.stderr)")
    await server.shutdown()
  }

  /// `--fresh` starts libcurl's load on a thread of its own first thing in `main`; a command line that ends at once
  /// (`--version`, a usage error) ends while that load may still run. Ended with `exit`, OpenSSL's exit handler
  /// (registered during the load) freed what the load was still using: such runs crashed (SIGSEGV, 3–20 % of runs
  /// here).
  @Test func aFreshCommandLineThatEndsAtOnceEndsCleanlyWhileLibcurlLoads() async throws {
    let folder = try TemporaryFolder()
    for _ in 0..<50 {
      let version = try await kumiki(["--fresh", "--version"], folder: folder)
      #expect(!version.signalled, "\(version.stderr)")
      #expect(version.status == 0)
      #expect(version.stdout.hasPrefix("kumiki "))
      let usage = try await kumiki(["--fresh", "no-such-command"], folder: folder)
      #expect(!usage.signalled, "\(usage.stderr)")
      #expect(usage.status == 64, "\(usage.stderr)")
    }
  }

  /// Release builds put the apps' own libcurl beside them (`Scripts/libcurl`), and the binary opens it before the
  /// system's. Here a copy of `kumiki` in a folder of its own, with a copy of the library `KUMIKI_TEST_LIBCURL` names
  /// (CI: a `Scripts/libcurl` build), else of the system's libcurl, under that name. The early end while it loads
  /// (`aFreshCommandLineThatEndsAtOnceEndsCleanlyWhileLibcurlLoads`) is checked again with it: the apps' own has
  /// OpenSSL, and its exit handlers, inside it.
  @Test func theAppsOwnLibcurlBesideTheBinaryIsOpenedBeforeTheSystems() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    let library = try ProcessInfo.processInfo.environment["KUMIKI_TEST_LIBCURL"] ?? systemLibcurl()
    let binary = try copyOfKumiki(in: folder, besideIt: library)
    let arguments = ["--db", folder.path + "/kumiki.sqlite", "--api", server.baseURL.absoluteString, "--fresh"]
    let result = try await CommandResult.launch(binary, arguments + command.words, environment: ["LD_DEBUG": "files"])
    #expect(result.status == 0, "\(result.stderr.suffix(500))")
    #expect(!result.stdout.isEmpty)
    #expect(result.stderr.contains("file=\(folder.path)/bin/libcurl-kumiki.so"), "\(result.stderr.suffix(2000))")
    #expect(!result.stderr.contains("file=libcurl.so.4"))
    let system = try await kumiki(["--fresh"] + command.words, api: server.baseURL, folder: folder)
    #expect(result.stdout == system.stdout, "the same output through the system's libcurl (the built binary's)")
    for _ in 0..<30 {
      let version = try await CommandResult.launch(binary, ["--fresh", "--version"])
      #expect(!version.signalled, "\(version.stderr)")
      #expect(version.status == 0)
    }
    await server.shutdown()
  }

  /// A file of that name that is not a library it can load is an error naming it, not a silent switch to the
  /// system's libcurl (which would hide a broken release).
  @Test func anOwnLibcurlThatDoesNotLoadIsAnErrorNamingIt() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    let broken = folder.path + "/not-a-library"
    try Data("not an ELF file".utf8).write(to: URL(fileURLWithPath: broken))
    let binary = try copyOfKumiki(in: folder, besideIt: broken)
    let arguments = ["--db", folder.path + "/kumiki.sqlite", "--api", server.baseURL.absoluteString, "--fresh"]
    let result = try await CommandResult.launch(binary, arguments + command.words)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(!result.signalled)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("cannot load the app's own libcurl"), "\(result.stderr)")
    #expect(result.stderr.contains("\(folder.path)/bin/libcurl-kumiki.so"), "\(result.stderr)")
    await server.shutdown()
  }

  /// `FOLDER/bin/kumiki`, a copy of the built binary, with a copy of `library` beside it as `libcurl-kumiki.so`.
  private func copyOfKumiki(in folder: TemporaryFolder, besideIt library: String) throws -> String {
    let bin = folder.path + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: BuiltBinary.path("kumiki"), toPath: bin + "/kumiki")
    try FileManager.default.copyItem(atPath: library, toPath: bin + "/libcurl-kumiki.so")
    return bin + "/kumiki"
  }

  /// The path of the system's `libcurl.so.4`, as the dynamic loader finds it: opened here, and read back from this
  /// process's own mappings.
  private func systemLibcurl() throws -> String {
    guard dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL) != nil else { throw CocoaError(.fileNoSuchFile) }
    // Read to its end: the file's size says 0.
    let maps = String(
      decoding: try FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd() ?? Data(), as: UTF8.self)
    guard let line = maps.split(separator: "\n").first(where: { $0.contains("/libcurl.so.4") }),
      let slash = line.firstIndex(of: "/")
    else { throw CocoaError(.fileNoSuchFile) }
    return String(line[slash...])
  }
}
