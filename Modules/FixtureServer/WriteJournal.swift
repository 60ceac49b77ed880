import FixtureData
import Foundation
import Synchronization

/// Test-only: one JSON line appended to a file for every write the server applied (its change saved), before its
/// answer is sent — so a write whose answer is then dropped (`drop-answer`, a kill) is in it too. A chaos run
/// (`ChaosRun`, CompositionRootTesting) reads it to compare the server's history with what every client was told.
///
/// Line: `{"seq":N,"method":"PATCH","path":"/name","key":"…"|null,"if_match":"…"|null,"status":200,
/// "etag":"W/…","body":{…}}`: `key` the `Idempotency-Key`, `if_match` the `If-Match` header as sent, `etag` the tag of
/// the answer's body (what a read of the item serves until the next write), `body` the request's JSON object. A
/// repeat answered from the kept answer (`Idempotent-Replayed`), a refused or faulted write and a failed save are not
/// in it: nothing was applied. `seq` counts from 1 in each server process (a restart starts again; lines stay in
/// file order).
///
/// Only a server that lets clients switch faults (``FixtureServer/Configuration/allowsFaultControl``,
/// `--allow-faults`) keeps one: the journal is part of the fault tooling, never of a normal run.
///
/// No applied write is missing from it, whenever the server is killed: a write's line is saved in the data file with
/// the write, in its one atomic save (``FixtureStore/update(keeping:journaling:_:)``), then appended; the next server
/// on the file appends the line the file holds when the journal does not end with it (``init(url:lastSaved:)``), and
/// ends a line a kill cut short, so its own lines stay whole.
final class WriteJournal: Sendable {
  private let descriptor: Int32
  private let sequence = Mutex(0)

  /// Opens (creating, `0600`, never through a link) `url` for appending. `lastSaved` is the journal line the data file
  /// holds (``IdempotencyStore/journalLine(in:)``: the last write saved): appended unless it is the journal's last
  /// line (the server that saved it was killed before it appended it). A last line without its newline (cut short by a
  /// kill) is ended first: it stays one line that does not parse, and the next is whole.
  init(url: URL, lastSaved: String? = nil) throws(FixtureServerError) {
    let opened = open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard opened >= 0 else {
      throw .invalidConfiguration(
        reason: "cannot open the write journal \(url.path): \(String(cString: strerror(errno)))")
    }
    descriptor = opened
    let end = Self.ending(of: opened, count: (lastSaved?.utf8.count ?? 0) + 2)
    if let last = end.last, last != UInt8(ascii: "\n") { put([UInt8(ascii: "\n")]) }
    if let lastSaved {
      let line = Array(lastSaved.utf8) + [UInt8(ascii: "\n")]
      let holds = end.count == line.count ? end == line : end.elementsEqual([UInt8(ascii: "\n")] + line)
      if !holds { put(line) }
    }
  }

  deinit { close(descriptor) }

  /// The line of one applied write, numbered (``append(_:)`` writes it once its save is in the file).
  func line(
    method: String, path: String, key: String?, ifMatch: String?, status: Int, etag: String, body: JSONObject
  ) -> String {
    sequence.withLock { seq in
      seq += 1
      let line = JSONValue.object(
        JSONObject([
          ("seq", .integer(seq)), ("method", .string(method)), ("path", .string(path)),
          ("key", key.map(JSONValue.string) ?? .null), ("if_match", ifMatch.map(JSONValue.string) ?? .null),
          ("status", .integer(status)), ("etag", .string(etag)), ("body", .object(body)),
        ]))
      return String(decoding: JSONWriter(prettyPrinted: false).bytes(of: line), as: UTF8.self)
    }
  }

  /// Appends `line` (one `write(2)`: a server killed after it leaves whole lines).
  func append(_ line: String) {
    put(Array(line.utf8) + [UInt8(ascii: "\n")])
  }

  private func put(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }

  /// The last `count` bytes of the file open as `descriptor` (fewer when it is shorter).
  private static func ending(of descriptor: Int32, count: Int) -> [UInt8] {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return [] }
    let length = min(Int(status.st_size), count)
    var bytes = [UInt8](repeating: 0, count: length)
    let read = bytes.withUnsafeMutableBytes {
      pread(descriptor, $0.baseAddress, length, status.st_size - off_t(length))
    }
    return read == length ? bytes : []
  }
}
