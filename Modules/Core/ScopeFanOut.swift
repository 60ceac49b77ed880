/// The subscribers of one scoped store, registered with the parent store as a single observer: the parent state is
/// mapped to the child state once per action, then passed to each subscriber, instead of once per subscriber.
///
/// Registered while it has subscribers, removed when the last one cancels. All mutable state is touched only under
/// the owning store's dispatch lock (``Store`` adds and removes subscribers through its `exclusively`).
///
/// Ordering: a scope's subscribers are called together, in subscription order, at the place in the partition's
/// list where the scope's first subscriber registered (not interleaved with other observers of the partition). A
/// subscriber cancelled during a notification round is not called afterwards in that round.
final class ScopeFanOut<Parent, Child>: @unchecked Sendable {
  // @unchecked: see above.
  private let map: @Sendable (Parent) -> Child
  @exclusivity(unchecked) private var subscribers: ContiguousArray<(serial: UInt64, observer: StateObserver<Child>)> =
    []
  @exclusivity(unchecked) private var nextSerial: UInt64 = 0
  /// The key of the registration with the parent store's observer table, while registered.
  @exclusivity(unchecked) var registration: ObserverTable<Parent>.Key?

  init(map: @escaping @Sendable (Parent) -> Child) {
    self.map = map
  }

  /// Whether no subscriber is left.
  var isEmpty: Bool { subscribers.isEmpty }

  /// The observer to register with the parent store: maps once, then tells every subscriber. Iterates a copy, so
  /// subscribers may subscribe or cancel while being notified.
  func makeObserver() -> StateObserver<Parent> {
    StateObserver(
      start: { _ in },
      receive: { [self] state in  // strong: a registered fan-out stays alive with its subscriptions
        let child = map(state)
        let current = subscribers
        // `current` keeps every observer alive for the loop: call them without retaining each one again.
        current.withUnsafeBufferPointer { entries in
          for index in entries.indices {
            Unmanaged.passUnretained(entries[index].observer)._withUnsafeGuaranteedRef { $0.receive(child) }
          }
        }
      })
  }

  /// Adds `observer`, starting it with `state`'s child state; returns the serial to remove it with. (The serial is
  /// taken before `start`, which may subscribe again.)
  func add(_ observer: StateObserver<Child>, startingWith state: Parent) -> UInt64 {
    nextSerial += 1
    let serial = nextSerial
    subscribers.append((serial, observer))
    observer.start(map(state))
    return serial
  }

  /// Removes the subscriber added with `serial`; false if it was gone already.
  func remove(_ serial: UInt64) -> Bool {
    guard let index = subscribers.firstIndex(where: { $0.serial == serial }) else { return false }
    subscribers.remove(at: index)
    return true
  }
}
