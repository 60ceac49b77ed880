import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

/// Real processes on real files: SIGKILL in the middle of writing, and several processes writing at once.
@Suite(.timeLimit(.minutes(2))) struct CrashSafetyTests {
  @Test func killNineMidWritesKeepsTheFileIntactAndEveryAcknowledgedWrite() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let child = try StressChild(db: path, from: 1, count: 10_000_000, toggle: true)
    var acknowledged: [StressWrite] = []
    var lines = child.lines.makeAsyncIterator()
    while acknowledged.count < 4_000, let line = await lines.next() {
      acknowledged.append(try #require(StressWrite(line: line), "unexpected output \(line)"))
    }
    child.kill()
    while let line = await lines.next() {  // writes acknowledged before the kill landed
      acknowledged.append(try #require(StressWrite(line: line), "unexpected output \(line)"))
    }
    let errors = await child.waitForExit()
    #expect(child.process.terminationReason == .uncaughtSignal, "child ended by itself: \(errors)")
    #expect(child.process.terminationStatus == SIGKILL)
    try #require(acknowledged.count >= 4_000, "child stopped early: \(errors)")
    // The child's writes are sequential, so its output is exactly the start of its write sequence.
    #expect(acknowledged.first == .save(1))
    #expect(zip(acknowledged, acknowledged.dropFirst()).allSatisfy { $0.following == $1 })

    let raw = try DatabaseQueue(path: path)
    #expect(try await raw.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
    let stored = Set(try await raw.read { try Int.fetchAll($0, sql: "SELECT id FROM savedItem") })
    let expected = StressWrite.apply(acknowledged)
    // The write after the last acknowledged one may have committed just before the kill.
    let withFollowing = StressWrite.apply([acknowledged.last!.following], to: expected)
    #expect(stored == expected || stored == withFollowing)
    try raw.close()

    let reopened = try KumikiDatabase.open(path: path)
    #expect(reopened.recoveredFrom == nil)
    let saved = try await reopened.savedItems.list()
    #expect(saved.count == stored.count)
    #expect(
      saved.allSatisfy { $0.dishName == "Dish \($0.id)" && $0.savedAt.timeIntervalSinceReferenceDate == Double($0.id) })
  }

  /// Issue 38: the response cache's runs leave their log at close (no checkpoint, no sync). A process killed at any
  /// point of a run — storing, writing at close, copying a full log into the file — leaves a cache that opens, checks
  /// whole and holds every run that returned from its close.
  @Test func killNineMidCacheRunsKeepsTheCacheWholeAndEveryClosedRun() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let child = try StressChild(db: path, from: 1, count: 1_000_000, cache: true)
    var acknowledged: [Int] = []
    var lines = child.lines.makeAsyncIterator()
    func read(_ line: String) throws {
      let words = line.split(separator: " ")
      acknowledged.append(try #require(words.count == 2 && words[0] == "c" ? Int(words[1]) : nil, "\(line)"))
    }
    while acknowledged.count < 60, let line = await lines.next() { try read(line) }
    child.kill()
    while let line = await lines.next() { try read(line) }
    let errors = await child.waitForExit()
    #expect(child.process.terminationStatus == SIGKILL, "child ended by itself: \(errors)")
    try #require(acknowledged.count >= 60, "child stopped early: \(errors)")
    #expect(acknowledged == Array(1...acknowledged.count))

    let cache = try ResponseCacheDatabase.open(at: .file(path: path))
    defer { cache.close() }
    #expect(cache.droppedCorruptFile == nil)
    let raw = try DatabaseQueue(path: path)
    #expect(try await raw.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
    try raw.close()
    for id in acknowledged {
      let entry = try await cache.client.entry("GET stress/\(id)")
      #expect(entry?.body == Data(repeating: UInt8(truncatingIfNeeded: id), count: 64 << 10), "run \(id)")
    }
  }

  @Test func processesWritingAtOnceLoseNothingAndNeverReportLocked() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let count = 1_500
    let children = try [1, 100_001].map { try StressChild(db: path, from: $0, count: count) }
    let database = try KumikiDatabase.open(path: path)
    for id in 200_001...(200_000 + count) { try await database.savedItems.save(item(id)) }
    var expected = Set(200_001...(200_000 + count))
    for child in children {
      var acknowledged: [StressWrite] = []
      for await line in child.lines { acknowledged.append(try #require(StressWrite(line: line))) }
      let errors = await child.waitForExit()
      #expect(errors == "", "a writer failed: \(errors)")
      #expect(child.process.terminationStatus == 0)
      #expect(acknowledged.count == count)
      expected.formUnion(StressWrite.apply(acknowledged))
    }
    #expect(try await database.savedItems.allIDs() == expected)
    #expect(expected.count == 3 * count)
  }
}
