import Foundation
import Persistence
import PersistenceSQLite

/// `persistence-stress --db PATH --from N --count N [--toggle | --cache]`: a child process for PersistenceSQLiteTests.
///
/// Opens the database and, for each id in `from..<from+count`, saves it and (with `--toggle`, for ids divisible by 3)
/// unsaves it again. After each write returns it prints `s <id>` or `u <id>` on its own line and flushes, so a parent
/// knows exactly which writes were acknowledged before it kills the process. With `--cache`, `PATH` is a response
/// cache instead, and each id is one command-line run of it: opened to write at close, ``cacheEntry(_:)`` stored,
/// closed, then `c <id>`. Exits 0 when done, 1 with a message on stderr on any error, 2 on bad arguments.
@main
struct PersistenceStress {
  static func main() async {
    var path: String?
    var from = 1
    var count = 1000
    var toggle = false
    var cache = false
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
      switch argument {
      case "--db": path = arguments.next()
      case "--from": from = arguments.next().flatMap(Int.init) ?? -1
      case "--count": count = arguments.next().flatMap(Int.init) ?? -1
      case "--toggle": toggle = true
      case "--cache": cache = true
      default: fail("unknown argument \(argument)", status: 2)
      }
    }
    guard let path, from >= 0, count >= 0 else {
      fail("usage: persistence-stress --db PATH [--from N] [--count N] [--toggle | --cache]", status: 2)
    }
    do throws(PersistenceError) {
      if cache {
        for id in from..<(from + count) {
          // No trimming: however many runs the child makes before the kill lands, every one it acknowledged is
          // still there to be checked (the default bounds keep 256 of these 64 KiB entries).
          let run = try ResponseCacheDatabase.open(
            at: .file(path: path), limits: ResponseCacheLimits(maxEntries: .max, maxBytes: .max), writesAtClose: true)
          try await run.client.store(cacheEntry(id))
          run.close()
          acknowledge("c \(id)")
        }
        return
      }
      let database = try KumikiDatabase.open(path: path)
      let savedItems = database.savedItems
      for id in from..<(from + count) {
        try await savedItems.save(item(id))
        acknowledge("s \(id)")
        if toggle, id % 3 == 0 {
          _ = try await savedItems.unsave(id)
          acknowledge("u \(id)")
        }
      }
    } catch {
      fail(error.description, status: 1)
    }
  }

  /// The item saved for `id`; parents rebuild it to check contents.
  static func item(_ id: Int) -> SavedItem {
    SavedItem(
      id: id, category: "stress", dishName: "Dish \(id)", shopName: "Shop \(id)", introduction: "Written by a child.",
      photoURL: "https://example.com/\(id).jpg", savedAt: Date(timeIntervalSinceReferenceDate: Double(id)))
  }

  /// The entry a `--cache` run stores for `id`: a 64 KiB body of `id`'s low byte, so a few runs fill the cache's log.
  static func cacheEntry(_ id: Int) -> CachedResponse {
    CachedResponse(
      key: "GET stress/\(id)", url: "http://127.0.0.1:9/stress/\(id)", status: 200, headers: [],
      body: Data(repeating: UInt8(truncatingIfNeeded: id), count: 64 << 10), fetchedAt: Date(timeIntervalSince1970: 0),
      tags: ["stress"])
  }

  /// Writes one line straight to the stdout file descriptor (no buffering to lose on SIGKILL).
  static func acknowledge(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data(("persistence-stress: " + message + "\n").utf8))
    exit(status)
  }
}
