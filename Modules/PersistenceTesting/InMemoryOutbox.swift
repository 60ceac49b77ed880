import Foundation
import Persistence
import Synchronization

/// An outbox in memory with the live store's contract (order by id, ids never reused, limits, the send lock), for
/// tests of the query layer and the apps' commands. Set `failure` to make every operation throw it.
public final class InMemoryOutbox: Sendable {
  private struct State {
    var entries: [OutboxEntry] = []
    var nextID: Int64 = 1
    var failure: PersistenceError?
    var locked = false
  }

  private let state = Mutex(State())
  /// The bounds `add` keeps.
  public let limits: OutboxLimits

  /// An empty outbox with these limits.
  public init(limits: OutboxLimits = OutboxLimits()) {
    self.limits = limits
  }

  /// When set, every operation throws this error and changes nothing.
  public var failure: PersistenceError? {
    get { state.withLock { $0.failure } }
    set { state.withLock { $0.failure = newValue } }
  }

  /// The entries now, oldest first.
  public var entries: [OutboxEntry] { state.withLock { $0.entries } }

  /// Whether a sender holds the send lock now.
  public var isLocked: Bool { state.withLock { $0.locked } }

  /// Sets entry `id`'s state directly, as a crashed sender or another process would have left it.
  public func force(_ id: Int64, to newState: OutboxEntry.State) {
    state.withLock { state in
      if let index = state.entries.firstIndex(where: { $0.id == id }) { state.entries[index].state = newState }
    }
  }

  /// The client over this outbox.
  public var client: OutboxClient {
    OutboxClient(
      add: { write throws(PersistenceError) in try self.add(write) },
      entries: { () throws(PersistenceError) in try self.locked { $0.entries } },
      overview: { () throws(PersistenceError) in
        try self.locked { state in
          state.entries.map { entry in
            var entry = entry
            entry.headers = []
            entry.body = nil
            return entry
          }
        }
      },
      begin: { id throws(PersistenceError) in
        try self.locked { state in
          guard let index = state.entries.firstIndex(where: { $0.id == id && $0.state == .pending }) else {
            return nil
          }
          state.entries[index].state = .sending
          state.entries[index].attempts += 1
          return state.entries[index]
        }
      },
      update: { id, newState, lastError, attempted throws(PersistenceError) in
        try self.locked { state in
          guard let index = state.entries.firstIndex(where: { $0.id == id }) else { return nil }
          // Keep mine: a conflict sent again goes without its condition.
          if state.entries[index].state == .conflict && newState == .pending { state.entries[index].ifMatch = nil }
          state.entries[index].state = newState
          state.entries[index].lastError = lastError
          if attempted { state.entries[index].attempts += 1 }
          return state.entries[index]
        }
      },
      remove: { id throws(PersistenceError) in
        try self.locked { state in
          guard let index = state.entries.firstIndex(where: { $0.id == id }) else { return nil }
          return state.entries.remove(at: index)
        }
      },
      removeSent: { ids, made throws(PersistenceError) in
        try self.locked { state in
          // In id order: each sent write's version becomes the condition of those waiting after it for its item.
          for (id, version) in made.sorted(by: { $0.key < $1.key }) where ids.contains(id) {
            guard let sent = state.entries.first(where: { $0.id == id }), sent.ifMatch != nil else { continue }
            for index in state.entries.indices
            where state.entries[index].id > id
              && (state.entries[index].state == .pending || state.entries[index].state == .sending)
              && state.entries[index].api == sent.api && state.entries[index].path == sent.path
              && state.entries[index].ifMatch == sent.ifMatch
            {
              state.entries[index].ifMatch = version
            }
          }
          let before = state.entries.count
          state.entries.removeAll { ids.contains($0.id) }
          return before - state.entries.count
        }
      },
      recoverInterrupted: { () throws(PersistenceError) in
        try self.locked { state in
          var count = 0
          for index in state.entries.indices where state.entries[index].state == .sending {
            state.entries[index].state = state.entries[index].isIdempotent ? .pending : .outcomeUnknown
            state.entries[index].lastError = "interrupted while sending"
            count += 1
          }
          return count
        }
      },
      lockSending: {
        let taken = self.state.withLock { state in
          if state.locked { return false }
          state.locked = true
          return true
        }
        guard taken else { return nil }
        return OutboxSendLock { self.state.withLock { $0.locked = false } }
      }
    )
  }

  private func add(_ write: OutboxWrite) throws(PersistenceError) -> OutboxEntry {
    if let body = write.body, body.count > limits.maxBodyBytes {
      throw .outboxBodyTooLarge(bytes: body.count, limit: limits.maxBodyBytes)
    }
    return try locked { state throws(PersistenceError) in
      guard state.entries.count < limits.maxEntries else { throw .outboxFull(limit: limits.maxEntries) }
      let entry = write.entry(id: state.nextID)
      state.nextID += 1
      state.entries.append(entry)
      return entry
    }
  }

  private func locked<T>(_ body: (inout State) throws(PersistenceError) -> T) throws(PersistenceError) -> T {
    try state.withLock { (state: inout State) throws(PersistenceError) -> T in
      if let failure = state.failure { throw failure }
      return try body(&state)
    }
  }
}
