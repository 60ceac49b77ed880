import CompositionRootTesting
import FixtureServer
import Foundation
import Persistence
import PersistenceSQLite
import Testing

/// The response cache across runs of the real `kumiki` binary: a second process reads what the first cached, offline
/// with a notice or within max-age without a request; `--fresh`; `kumiki cache status|clear`; a corrupt cache file.
/// The commands are the registry's: the first that reads the API with no argument (``ReadingCommand``), or all of
/// them.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KumikiCacheEndToEndTests {

  @Test func aSecondRunShowsTheFirstRunsDataWithinMaxAgeWithoutARequestAndOfflineWithANotice() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let log = ServerLog()
    let server = try await FixtureServer.start(.init(port: 0, requestLog: { log.append($0) }))
    let started = Date()
    let first = try await kumiki(command.words, api: server.baseURL, folder: folder)
    let finished = Date()
    #expect(first.status == 0, "\(first.stderr)")
    #expect(!first.stdout.isEmpty)
    #expect(first.stderr.isEmpty, "\(first.stderr)")
    #expect(log.requests.sorted() == command.requests.sorted(), "each read once, as on an empty cache: \(log.lines)")
    #expect(FileManager.default.fileExists(atPath: folder.path + "/kumiki-cache.sqlite"))

    // Within max-age (60 s by default): the same output, and not one request.
    let second = try await kumiki(command.words, api: server.baseURL, folder: folder)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout == first.stdout)
    #expect(second.stderr.isEmpty, "\(second.stderr)")
    #expect(log.lines.count == command.requests.count, "\(log.lines)")

    // The server is gone and every read revalidates: the same output from the cache, the notice, exit 0.
    await server.shutdown()
    // A change waiting in the outbox for this API, on data the command does not show: issue 35, the CLI said after
    // every command that waiting changes were "shown as made", whatever it showed.
    let database = try KumikiDatabase.open(path: folder.path + "/kumiki.sqlite")
    _ = try await database.outbox.add(
      OutboxWrite(
        api: server.baseURL.absoluteString, method: .patch, path: "nothing_shown/1", body: Data("{}".utf8),
        createdAt: Date(), lastError: "cannot connect"))
    try database.close()
    let clock = ContinuousClock()
    let asked = clock.now
    let offline = try await kumiki(
      command.words, api: server.baseURL, folder: folder, environment: ["KUMIKI_CACHE_MAX_AGE": "0"])
    // Issue 35: each read was retried after waits of 0.5–1 s and 1–2 s (1.5 s at the least) before the cache
    // answered; a port refused on loopback is a definite answer, so the cache answers at once.
    #expect(clock.now - asked < .milliseconds(1_500), "the refused port was retried")
    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(offline.stdout == first.stdout)
    let notices = Self.minutes(from: started, to: finished).map { "kumiki: offline — showing data from \($0)\n" }
    #expect(notices.contains(offline.stderr), "only the offline notice: \(offline.stderr)")

    // --fresh bypasses the cache and fails as before.
    let fresh = try await kumiki(["--fresh"] + command.words, api: server.baseURL, folder: folder)
    #expect(fresh.status == 1)
    #expect(fresh.stdout.isEmpty)
    #expect(fresh.stderr.contains("Could not connect"), "\(fresh.stderr)")
    #expect(!fresh.stderr.contains("offline"))
  }

  @Test func freshSendsEveryReadToTheNetworkAndStillCachesTheAnswers() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let log = ServerLog()
    let server = try await FixtureServer.start(.init(port: 0, requestLog: { log.append($0) }))
    let fresh = try await kumiki(["--fresh"] + command.words, api: server.baseURL, folder: folder)
    #expect(fresh.status == 0, "\(fresh.stderr)")
    let again = try await kumiki(["--fresh"] + command.words, api: server.baseURL, folder: folder)
    #expect(again.stdout == fresh.stdout)
    #expect(log.requests.sorted() == (command.requests + command.requests).sorted(), "\(log.lines)")
    await server.shutdown()
    // What --fresh fetched is in the cache: without it, the server down, the data shows offline.
    let offline = try await kumiki(
      command.words, api: server.baseURL, folder: folder, environment: ["KUMIKI_CACHE_MAX_AGE": "0"])
    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(offline.stdout == fresh.stdout)
    #expect(offline.stderr.hasPrefix("kumiki: offline — showing data from "), "\(offline.stderr)")
  }

  /// Every reading command fills the cache; `status` counts what they read, `clear` empties it and leaves the
  /// database as it was (saved items and settings: each feature's suite checks its own).
  @Test func cacheStatusAndClearShowAndEmptyTheCacheButNotTheDatabase() async throws {
    let commands = try await ReadingCommand.all()
    #expect(!commands.isEmpty, "no feature command reads the API when run with no argument")
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let cachePath = folder.path + "/kumiki-cache.sqlite"

    let empty = try Self.object(try await kumiki(["cache", "status", "--json"], folder: folder))
    #expect(empty["location"] as? String == cachePath)
    #expect(empty["entries"] as? Int == 0)
    #expect(empty["bytes"] as? Int == 0)
    #expect(empty["max_entries"] as? Int == 500)
    #expect(empty["max_bytes"] as? Int == 16 << 20)
    #expect(empty["oldest"] is NSNull)
    #expect(empty["newest"] is NSNull)

    for command in commands {
      #expect(try await kumiki(command.words, api: server.baseURL, folder: folder).status == 0, "\(command.words)")
    }
    let read = Set(commands.flatMap(\.requests))
    let full = try Self.object(try await kumiki(["cache", "status", "--json"], folder: folder))
    #expect(full["location"] as? String == cachePath)
    #expect(full["entries"] as? Int ?? 0 >= read.count, "every answer read, at least: \(full) \(read)")
    #expect(full["bytes"] as? Int ?? 0 >= read.count, "\(full)")
    let oldest = try #require(full["oldest"] as? String)
    #expect(ISO8601DateFormatter().date(from: oldest) != nil)
    #expect(full["newest"] is String)
    let text = try await kumiki(["cache", "status"], folder: folder)
    #expect(text.status == 0)
    #expect(text.stdout.hasPrefix("Response cache: \(cachePath)\nEntries: \(full["entries"] as? Int ?? 0) of 500 · "))

    let database = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/kumiki.sqlite"))
    let cleared = try Self.object(try await kumiki(["cache", "clear", "--json"], folder: folder))
    #expect(cleared["location"] as? String == cachePath)
    #expect(cleared["removed"] as? Int == full["entries"] as? Int)
    #expect(try Self.object(try await kumiki(["cache", "status", "--json"], folder: folder))["entries"] as? Int == 0)
    let again = try await kumiki(["cache", "clear"], folder: folder)
    #expect(again.status == 0)
    #expect(again.stdout == "Removed 0 cached responses from \(cachePath).\n")
    // The database lives apart from the cache: clearing did not write to it.
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/kumiki.sqlite")) == database)

    // Nothing cached any more: with the server unreachable, the first command fails.
    let down = try await kumiki(commands[0].words, api: URL(string: "http://127.0.0.1:9")!, folder: folder)
    #expect(down.status == 1)
    #expect(!down.stderr.contains("showing data from"))
  }

  @Test func kumikiCacheMovesTheCacheElsewhere() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let elsewhere = folder.path + "/elsewhere/responses.sqlite"
    let result = try await kumiki(command.words, folder: folder, environment: ["KUMIKI_CACHE": elsewhere])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: elsewhere))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/kumiki-cache.sqlite"))
    let status = try Self.object(
      try await kumiki(["cache", "status", "--json"], folder: folder, environment: ["KUMIKI_CACHE": elsewhere]))
    #expect(status["location"] as? String == elsewhere)
    #expect(status["entries"] as? Int == Set(command.requests).count, "one per answer read: \(command.requests)")
  }

  @Test func aCorruptCacheIsMovedAsideWithANoticeTheCommandWorksAndTheDatabaseStays() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let first = try await kumiki(command.words, folder: folder)
    #expect(first.status == 0, "\(first.stderr)")
    let cachePath = folder.path + "/kumiki-cache.sqlite"
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cachePath + suffix) }
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) })
    try garbage.write(to: URL(fileURLWithPath: cachePath))

    let result = try await kumiki(command.words, folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == first.stdout)
    // Moved aside, never deleted: a path given with KUMIKI_CACHE may have named anything (issue 23, item 4).
    let movedAside = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
        $0.hasPrefix("kumiki-cache.sqlite.corrupt-")
      })
    #expect(
      result.stderr
        == "kumiki: The response cache at \(cachePath) was unreadable (not an SQLite file). It was moved to "
        + "\(folder.path)/\(movedAside) and kept; a fresh cache was created in its place. "
        + "Saved items and settings were not touched.\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + movedAside)) == garbage)

    // The notice is given once: the fresh cache works and holds what was just read.
    let again = try await kumiki(command.words, folder: folder)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.isEmpty, "\(again.stderr)")
    let status = try Self.object(try await kumiki(["cache", "status", "--json"], folder: folder))
    #expect(status["entries"] as? Int == Set(command.requests).count)
    #expect(try Data(contentsOf: URL(fileURLWithPath: cachePath)) != garbage)
    // The database was not moved aside: only the cache's old file was.
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.filter { $0.contains("corrupt") } == [movedAside], "\(files)")
    #expect(files.contains("kumiki.sqlite"), "\(files)")
  }

  /// Issue 34, item 17: a real cache on a read-only disk was called "not a Kumiki response cache". The command still
  /// reads (the cache is off for the run) and the notice says the cache is read-only. As root, whom permissions do
  /// not stop, the cache's folder is a tmpfs remounted read-only (EROFS); otherwise a folder of mode 0555.
  @Test func aCacheOnAReadOnlyDiskIsSaidToBeReadOnlyAndTheCommandStillReads() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let disk = folder.path + "/disk"
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    let mounted = geteuid() == 0
    if mounted {
      try #require(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=2048k", "tmpfs", disk]) == 0, "mount a tmpfs")
    }
    defer {
      if mounted { _ = Self.run("/bin/umount", [disk]) } else { _ = chmod(disk, 0o755) }
    }
    let environment = ["KUMIKI_CACHE": disk + "/responses.sqlite"]
    let first = try await kumiki(command.words, api: server.baseURL, folder: folder, environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(FileManager.default.fileExists(atPath: disk + "/responses.sqlite"))
    if mounted {
      try #require(Self.run("/bin/mount", ["-o", "remount,ro", disk]) == 0, "remount it read-only")
    } else {
      #expect(chmod(disk, 0o555) == 0)
    }

    let result = try await kumiki(command.words, api: server.baseURL, folder: folder, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == first.stdout)
    #expect(result.stderr.contains("response cache at \(disk)/responses.sqlite: "), "\(result.stderr)")
    #expect(result.stderr.contains("read-only"), "\(result.stderr)")
    #expect(!result.stderr.contains("not a Kumiki response cache"), "\(result.stderr)")
  }

  // MARK: - Helpers

  /// Runs `executable` with `arguments`, silently; its exit status (-1 when it could not start).
  static func run(_ executable: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }

  static func object(_ result: CommandResult) throws -> [String: Any] {
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// `yyyy/MM/dd HH:mm` for every minute from `start` to `end`, local time (a run may straddle a minute).
  static func minutes(from start: Date, to end: Date) -> Set<String> {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy/MM/dd HH:mm"
    var times = Set([formatter.string(from: end)])
    var date = start
    while date < end {
      times.insert(formatter.string(from: date))
      date += 60
    }
    return times
  }
}
