import Foundation
import Networking
import Testing

@testable import QueryCache

/// The overlays' hand-over from a write to its outbox entry: a sending round may settle the entry between the outbox
/// committing it and the write marking its overlays queued, and the late mark must settle them then, not leave them
/// queued for an entry that is gone.
@Suite struct OptimisticEntriesTests {
  let entries = OptimisticEntries()
  let change = OptimisticChange(path: "profile_personal", merge: Data(#"{"nickname":"待ち猫"}"#.utf8))

  func begin() -> Int { entries.begin([change]) { _ in "profile_personal" } }

  @Test func aWriteQueuedWhileNoRoundSettledItWaitsForItsEntry() {
    let write = begin()
    #expect(entries.queue(write, entry: 3).isEmpty)
    #expect(entries.queuedEntries == [3])
    #expect(!entries.covers("profile_personal"))  // waiting: not an accepted write's
  }

  @Test func anEntrySentBeforeItsWriteMarkedItQueuedIsAnAcceptedWritesAtOnce() {
    let write = begin()
    entries.sent(entries: [4])  // the round, first
    #expect(entries.queue(write, entry: 4).isEmpty)
    #expect(entries.queuedEntries.isEmpty)
    #expect(entries.covers("profile_personal"))
    #expect(entries.drop(tags: ["profile_personal"]) == ["profile_personal"])  // the send's invalidation
    #expect(entries.isEmpty)
  }

  @Test func anEntryRefusedBeforeItsWriteMarkedItQueuedIsRolledBackAtOnce() {
    let write = begin()
    #expect(entries.release(entries: [5]).isEmpty)  // nothing queued for it yet
    #expect(entries.queue(write, entry: 5) == ["profile_personal"])
    #expect(entries.isEmpty)
  }

  @Test func onlyTheMostRecentSettledEntriesAreRemembered() {
    entries.sent(entries: Set(1...Int64(OptimisticEntries.settledLimit + 1)))
    let write = begin()
    #expect(entries.queue(write, entry: 1).isEmpty)
    #expect(entries.queuedEntries == [1])  // forgotten: it waits (the next refresh finds it gone)
  }
}
