import Foundation
import Persistence
import PersistenceSQLite
import PersistenceTesting
import Testing

/// The `OutboxClient` contract, against the live store (the `outbox` table) and the fake alike.
@Suite struct OutboxClientTests {
  static let created = Date(timeIntervalSinceReferenceDate: 765_432_123.456_789_123)

  /// A fresh outbox of `backend` with `limits`; `cleanup` removes its files.
  static func make(
    _ backend: Backend, limits: OutboxLimits = OutboxLimits()
  ) throws -> (
    client: OutboxClient, cleanup: @Sendable () -> Void
  ) {
    switch backend {
    case .sqlite:
      let directory = try TemporaryDirectory()
      let database = try KumikiDatabase.open(path: directory.path("kumiki.sqlite"))
      return (
        database.outbox(limits: limits),
        {
          try? database.close()
          directory.remove()
        }
      )
    case .inMemory:
      return (InMemoryOutbox(limits: limits).client, {})
    }
  }

  static func write(_ method: OutboxEntry.Method, _ path: String, body: String? = nil) -> OutboxWrite {
    OutboxWrite(
      api: "embedded", method: method, path: path,
      headers: [.init(name: "Content-Type", value: "application/json"), .init(name: "X-Two", value: "a, b")],
      body: body.map { Data($0.utf8) }, createdAt: created, lastError: "cannot connect")
  }

  @Test(arguments: Backend.allCases) func keepsEveryFieldInOrderWithGrowingIDs(backend: Backend) async throws {
    let (outbox, cleanup) = try Self.make(backend)
    defer { cleanup() }
    var patch = Self.write(.patch, "profile_personal", body: #"{"a":"鯛"}"#)
    patch.expected = [.init(path: "profile_personal", merge: Data(#"{"a":"鯛"}"#.utf8))]
    let first = try await outbox.add(patch)
    let second = try await outbox.add(Self.write(.delete, "comments/3?x=%20"))
    #expect(second.id > first.id)
    let entries = try await outbox.entries()
    #expect(entries == [first, second])
    #expect(entries[0].body == Data(#"{"a":"鯛"}"#.utf8))
    #expect(entries[0].headers.map(\.value) == ["application/json", "a, b"])
    #expect(entries[0].createdAt == Self.created)
    #expect(entries[1].body == nil)
    #expect(entries[1].path == "comments/3?x=%20")
    #expect(entries.map(\.state) == [.pending, .pending])
    #expect(entries[0].expected == patch.expected)
    #expect(entries[1].expected.isEmpty)
    // The overview: everything but the headers and the body.
    let overview = try await outbox.overview()
    var light = entries
    for index in light.indices {
      light[index].headers = []
      light[index].body = nil
    }
    #expect(overview == light)
  }

  @Test(arguments: Backend.allCases) func anIDIsNeverReused(backend: Backend) async throws {
    let (outbox, cleanup) = try Self.make(backend)
    defer { cleanup() }
    let first = try await outbox.add(Self.write(.put, "a"))
    #expect(try await outbox.remove(first.id) == first)
    #expect(try await outbox.remove(first.id) == nil)
    let second = try await outbox.add(Self.write(.put, "b"))
    #expect(second.id > first.id)
  }

  @Test(arguments: Backend.allCases) func beginTakesOnlyAPendingEntryAndCountsTheAttempt(backend: Backend) async throws
  {
    let (outbox, cleanup) = try Self.make(backend)
    defer { cleanup() }
    let entry = try await outbox.add(Self.write(.put, "a"))
    let taken = try #require(try await outbox.begin(entry.id))
    #expect(taken.state == .sending)
    #expect(taken.attempts == 1)
    #expect(try await outbox.begin(entry.id) == nil)  // someone has it
    #expect(try await outbox.begin(9999) == nil)
    let back = try await outbox.update(entry.id, .pending, "server error 503", false)
    #expect(back?.state == .pending)
    #expect(back?.lastError == "server error 503")
    #expect(back?.attempts == 1)
    #expect(try await outbox.begin(entry.id)?.attempts == 2)
    #expect(try await outbox.update(entry.id, .pending, "timed out", true)?.attempts == 3)
    #expect(try await outbox.update(9999, .pending, nil, true) == nil)
    let other = try await outbox.add(Self.write(.put, "b"))
    #expect(try await outbox.removeSent([entry.id, other.id, 9999], [:]) == 2)
    #expect(try await outbox.entries().isEmpty)
  }

  @Test(arguments: Backend.allCases) func removingSentWritesHandsTheVersionsTheyMadeOnToTheWritesWaitingAfterThem(
    backend: Backend
  )
    async throws
  {
    let (outbox, cleanup) = try Self.make(backend)
    defer { cleanup() }
    func conditional(_ path: String, _ ifMatch: String) -> OutboxWrite {
      var write = Self.write(.patch, path)
      write.ifMatch = ifMatch
      return write
    }
    // Three edits of the profile made over the version the screen showed, one over another version, one of another
    // item.
    var ids: [Int64] = []
    for (path, ifMatch) in [
      ("profile", #""v1""#), ("profile", #""v1""#), ("profile", #""v1""#), ("profile", #""theirs""#),
      ("notes/1", #""v1""#),
    ] {
      ids.append(try await outbox.add(conditional(path, ifMatch)).id)
    }
    // The first two sent in one batch, each answered with the version it made: the third is sent over the second's.
    #expect(try await outbox.removeSent([ids[0], ids[1]], [ids[0]: #""v2""#, ids[1]: #""v3""#]) == 2)
    #expect(try await outbox.entries().map(\.ifMatch) == [#""v3""#, #""theirs""#, #""v1""#])
    // Only the writes after it: the note's earlier edit keeps its condition.
    let later = try await outbox.add(conditional("notes/1", #""v1""#))
    #expect(try await outbox.removeSent([later.id], [later.id: #""v2""#]) == 1)
    #expect(try await outbox.entries().map(\.ifMatch) == [#""v3""#, #""theirs""#, #""v1""#])
    // The live store hands on only a version it would keep as a condition (the answer's ETag is outside input): one
    // with a line break, or past the bound, leaves the next write's condition as it was.
    guard backend == .sqlite else { return }
    for hostile in ["\"v4\"\r\nX-Evil: 1", String(repeating: "v", count: 1_025)] {
      let sent = try await outbox.add(conditional("stamps/1", #""v1""#))
      let next = try await outbox.add(conditional("stamps/1", #""v1""#))
      #expect(try await outbox.removeSent([sent.id], [sent.id: hostile]) == 1)
      #expect(try await outbox.entries().last == next)
      _ = try await outbox.remove(next.id)
    }
  }

  @Test(arguments: Backend.allCases) func interruptedSendsBecomePendingOrOutcomeUnknownForPOSTs(
    backend: Backend
  )
    async throws
  {
    let (outbox, cleanup) = try Self.make(backend)
    defer { cleanup() }
    let post = try await outbox.add(Self.write(.post, "comments"))
    let put = try await outbox.add(Self.write(.put, "comments/1"))
    let waiting = try await outbox.add(Self.write(.post, "comments"))
    _ = try await outbox.begin(post.id)
    _ = try await outbox.begin(put.id)
    #expect(try await outbox.recoverInterrupted() == 2)
    let states = try await outbox.entries().map {
      "\($0.id == waiting.id ? "waiting" : $0.method.rawValue) \($0.state)"
    }
    #expect(states == ["POST outcomeUnknown", "PUT pending", "waiting pending"])
    #expect(try await outbox.recoverInterrupted() == 0)
  }

  @Test(arguments: Backend.allCases) func refusesWritesPastItsLimitsAndKeepsNothing(backend: Backend) async throws {
    let (outbox, cleanup) = try Self.make(backend, limits: OutboxLimits(maxEntries: 2, maxBodyBytes: 8))
    defer { cleanup() }
    await #expect(throws: PersistenceError.outboxBodyTooLarge(bytes: 9, limit: 8)) {
      try await outbox.add(Self.write(.put, "a", body: "123456789"))
    }
    _ = try await outbox.add(Self.write(.put, "a", body: "12345678"))
    _ = try await outbox.add(Self.write(.put, "b"))
    await #expect(throws: PersistenceError.outboxFull(limit: 2)) { try await outbox.add(Self.write(.put, "c")) }
    #expect(try await outbox.entries().map(\.path) == ["a", "b"])
  }

  @Test(arguments: Backend.allCases) func theSendLockHasOneHolder(backend: Backend) async throws {
    let (outbox, cleanup) = try Self.make(backend)
    defer { cleanup() }
    let lock = try #require(outbox.lockSending())
    #expect(outbox.lockSending() == nil)
    lock.release()
    lock.release()  // twice is harmless
    let again = try #require(outbox.lockSending())
    again.release()
  }

  /// The send lock, once it is free. A released `flock` can stay held for a moment: a process another test spawns
  /// meanwhile holds a copy of the descriptor until its exec closes it (`O_CLOEXEC`). Gives up after 2 s.
  static func acquire(_ outbox: OutboxClient) async -> OutboxSendLock? {
    for _ in 0..<200 {
      if let lock = outbox.lockSending() { return lock }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return nil
  }

  @Test func theSendLockIsSharedByEveryStoreOnTheFileAndEntriesSurviveReopening() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let one = try KumikiDatabase.open(path: path)
    let other = try KumikiDatabase.open(path: path)  // as another process would
    let lock = try #require(one.outbox.lockSending())
    #expect(other.outbox.lockSending() == nil)
    let entry = try await other.outbox.add(Self.write(.patch, "profile_personal", body: "{}"))
    lock.release()
    #expect(await Self.acquire(other.outbox) != nil)
    try one.close()
    try other.close()
    let reopened = try KumikiDatabase.open(path: path)
    defer { try? reopened.close() }
    #expect(try await reopened.outbox.entries() == [entry])
    let mode = try FileManager.default.attributesOfItem(atPath: path + "-outbox.lock")[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }
}
