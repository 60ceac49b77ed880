/// The store's observers, bucketed by partition so an action only evaluates the bucket it may have changed plus
/// the observers that declared no partition. Touched only under the store's dispatch lock.
struct ObserverTable<State> {
  struct Key: Hashable {
    let partition: Int?
    let serial: UInt64
  }

  private var global: [(serial: UInt64, observer: StateObserver<State>)] = []
  private var buckets: [[(serial: UInt64, observer: StateObserver<State>)]] = []
  private var nextSerial: UInt64 = 0
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  mutating func insert(_ observer: StateObserver<State>, partition: Int?) -> Key {
    nextSerial += 1
    count += 1
    let entry = (serial: nextSerial, observer: observer)
    if let partition {
      precondition(partition >= 0, "Store partitions are non-negative integers")
      if buckets.count <= partition { buckets += Array(repeating: [], count: partition + 1 - buckets.count) }
      buckets[partition].append(entry)
    } else {
      global.append(entry)
    }
    return Key(partition: partition, serial: nextSerial)
  }

  mutating func remove(_ key: Key) {
    if let partition = key.partition {
      guard partition < buckets.count, let index = buckets[partition].firstIndex(where: { $0.serial == key.serial })
      else { return }
      buckets[partition].remove(at: index)
    } else {
      guard let index = global.firstIndex(where: { $0.serial == key.serial }) else { return }
      global.remove(at: index)
    }
    count -= 1
  }

  /// Calls the observers an action of `partition` may concern, in subscription order within each bucket.
  /// Call it on a copy of the table, so observers may subscribe or cancel while being notified.
  /// Whether ``notify(_:partition:)`` would call anyone for an action of `partition` (checked before copying the
  /// table, so actions nobody watches cost one lookup).
  @inline(__always)
  func hasObservers(for partition: Int?) -> Bool {
    guard global.isEmpty else { return true }
    guard let partition else { return count > 0 }
    return partition < buckets.count && !buckets[partition].isEmpty
  }

  func notify(_ state: State, partition: Int?) {
    if let partition {
      if partition < buckets.count { Self.notify(buckets[partition], state) }
    } else {
      for bucket in buckets { Self.notify(bucket, state) }
    }
    Self.notify(global, state)
  }

  /// Calls each observer in `entries` without retaining it again: the caller's copy of the table keeps them all
  /// alive, and a retain and release per observer per action was half of a subscriber's cost.
  @inline(__always)
  private static func notify(_ entries: [(serial: UInt64, observer: StateObserver<State>)], _ state: State) {
    entries.withUnsafeBufferPointer { entries in
      for index in entries.indices {
        Unmanaged.passUnretained(entries[index].observer)._withUnsafeGuaranteedRef { $0.receive(state) }
      }
    }
  }
}
