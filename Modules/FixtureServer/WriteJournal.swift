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
final class WriteJournal: Sendable {
  private let descriptor: Int32
  private let sequence = Mutex(0)

  /// Opens (creating, `0600`, never through a link) `url` for appending.
  init(url: URL) throws(FixtureServerError) {
    let opened = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard opened >= 0 else {
      throw .invalidConfiguration(
        reason: "cannot open the write journal \(url.path): \(String(cString: strerror(errno)))")
    }
    descriptor = opened
  }

  deinit { close(descriptor) }

  /// Appends the line of one applied write (one `write(2)`: a server killed after it leaves whole lines).
  func record(
    method: String, path: String, key: String?, ifMatch: String?, status: Int, etag: String, body: JSONObject
  ) {
    sequence.withLock { seq in
      seq += 1
      let line = JSONValue.object(
        JSONObject([
          ("seq", .integer(seq)), ("method", .string(method)), ("path", .string(path)),
          ("key", key.map(JSONValue.string) ?? .null), ("if_match", ifMatch.map(JSONValue.string) ?? .null),
          ("status", .integer(status)), ("etag", .string(etag)), ("body", .object(body)),
        ]))
      let bytes = JSONWriter(prettyPrinted: false).bytes(of: line) + [UInt8(ascii: "\n")]
      _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
  }
}
