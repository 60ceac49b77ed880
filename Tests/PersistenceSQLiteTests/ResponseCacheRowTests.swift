import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

/// `response` rows the cache did not write, read back from a real cache file: an unreadable entry is a miss (no read
/// fails because the cache did) and is evicted (the file is provably the cache's); status and trimming read around
/// it. Never a trap: before the fix, reading such an entry trapped the process (SIGILL).
@Suite struct ResponseCacheRowTests {
  static let key = "GET embedded hostile"

  /// A cache file with a good entry `good`, `response` loosened, then a row for ``key`` with `values` (SQL literals
  /// for url, status, headers, body, fetchedAt, usedAt, tags, invalidated).
  static func cache(
    _ values: String, in directory: TemporaryDirectory, limits: ResponseCacheLimits = ResponseCacheLimits()
  ) async throws -> (ResponseCacheDatabase, path: String) {
    let path = directory.path("kumiki-cache.sqlite")
    let cache = try ResponseCacheDatabase.open(at: .file(path: path), limits: limits)
    try await cache.client.store(ResponseCacheDatabaseTests.response("good"))
    try await HostileRows.edit(path) { db in
      try HostileRows.loosen("response", primaryKey: "key PRIMARY KEY", in: db)
      try db.execute(
        sql: """
          INSERT INTO response (key, url, status, headers, body, fetchedAt, usedAt, tags, invalidated)
          VALUES (?, \(values))
          """, arguments: [Self.key])
    }
    return (cache, path)
  }

  static let good = #"'http://x/', 200, '[["ETag","1"]]', X'7B7D', 1795000000.0, 1795000000.0, '|t|', 0"#

  static let cases = [
    #"'http://x/', 200, '[]', X'7B7D', 1795000000.0, 'yesterday', '|t|', 0"#,
    #"'http://x/', 200, '[]', X'7B7D', 1795000000.0, NULL, '|t|', 0"#,
    #"'http://x/', 200, '[]', X'7B7D', 'yesterday', 1795000000.0, '|t|', 0"#,
    #"'http://x/', 200, '[]', X'7B7D', 9e999, 1795000000.0, '|t|', 0"#,
    #"'http://x/', 200, '[]', X'7B7D', 0.0 / 0.0, 1795000000.0, '|t|', 0"#,
    #"'http://x/', 'ok', '[]', X'7B7D', 1795000000.0, 1795000000.0, '|t|', 0"#,
    #"'http://x/', 99999999999, '[]', X'7B7D', 1795000000.0, 1795000000.0, '|t|', 0"#,
    #"'http://x/', 200, 42, X'7B7D', 1795000000.0, 1795000000.0, '|t|', 0"#,
    #"'http://x/', 200, '{"a":1}', X'7B7D', 1795000000.0, 1795000000.0, '|t|', 0"#,
    #"'http://x/', 200, '[]', NULL, 1795000000.0, 1795000000.0, '|t|', 0"#,
    #"'http://x/', 200, '[]', 3.5, 1795000000.0, 1795000000.0, '|t|', 0"#,
    #"X'FF', 200, '[]', X'7B7D', 1795000000.0, 1795000000.0, '|t|', 0"#,
    #"'http://x/', 200, '[]', X'7B7D', 1795000000.0, 1795000000.0, X'00', 0"#,
    #"'http://x/', 200, '[]', X'7B7D', 1795000000.0, 1795000000.0, '|t|', 'yes'"#,
    #"'http://x/', 200, '[]', X'7B7D', 1795000000.0, 1795000000.0, '|t|', 7"#,
  ]

  @Test(arguments: cases) func anUnreadableEntryIsAMissAndIsEvicted(values: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (cache, path) = try await Self.cache(values, in: directory)
    defer { cache.close() }
    _ = try await cache.client.status()
    #expect(try await cache.client.entry(Self.key) == nil)
    #expect(try ResponseCacheDatabaseTests.names(in: path) == ["good"])
    #expect(try await cache.client.entry(ResponseCacheDatabaseTests.response("good").key) != nil)
    #expect(try await cache.client.status().entries == 1)
  }

  @Test func aGoodRowWrittenByHandIsRead() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (cache, _) = try await Self.cache(Self.good, in: directory)
    defer { cache.close() }
    let entry = try #require(try await cache.client.entry(Self.key))
    #expect(entry.status == 200 && entry.header("etag") == "1" && entry.tags == ["t"] && !entry.isInvalidated)
    #expect(entry.fetchedAt == Date(timeIntervalSince1970: 1_795_000_000))
  }

  /// Status counts every row and takes its times from those stored as numbers; trimming names rows by rowid, so a
  /// key or a time of another type neither traps nor keeps a row from going.
  @Test func statusAndTrimmingReadAroundUnreadableRows() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (cache, path) = try await Self.cache(
      #"'http://x/', 200, '[]', NULL, 'yesterday', 'now', 42, 'no'"#, in: directory,
      limits: ResponseCacheLimits(maxEntries: 2, maxBytes: 1 << 20))
    defer { cache.close() }
    try await HostileRows.edit(path) { db in
      try db.execute(
        sql: """
          INSERT INTO response (key, url, status, headers, body, fetchedAt, usedAt, tags, invalidated)
          VALUES (X'01', 1, 2, 3, 4, 9e999, 0.0 / 0.0, 7, 8)
          """)
    }
    let status = try await cache.client.status()
    #expect(status.entries == 3)
    #expect(status.oldest == Date(timeIntervalSince1970: ResponseCacheDatabaseTests.fetched.timeIntervalSince1970))
    try await cache.client.store(ResponseCacheDatabaseTests.response("newer"))
    #expect(try await cache.client.status().entries == 2)
  }
}

extension ResponseCacheRowTests {
  /// A migration identifier that is not text (a hand edit) neither traps the cache's file check nor the database's
  /// open: each refuses the file with a message and leaves it as it was.
  @Test func aMigrationIdentifierOfAnotherTypeIsRefusedUntouched() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for name in ["kumiki-cache.sqlite", "kumiki.sqlite"] {
      let path = directory.path(name)
      if name == "kumiki.sqlite" {
        try KumikiDatabase.open(path: path).close()
      } else {
        try ResponseCacheDatabase.open(at: .file(path: path)).close()
      }
      try await HostileRows.edit(path) { db in
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (42)")
      }
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      var refused = false
      do {
        if name == "kumiki.sqlite" {
          try KumikiDatabase.open(path: path).close()
        } else {
          try ResponseCacheDatabase.open(at: .file(path: path)).close()
        }
      } catch {
        refused = true
        #expect(!String(describing: error).isEmpty)
      }
      #expect(refused, "\(name)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(name)")
    }
  }
}
