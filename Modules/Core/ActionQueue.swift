/// Actions dispatched re-entrantly, waiting for the current dispatch to finish. FIFO. Touched only by the thread
/// that holds the store's dispatch lock.
struct ActionQueue<Action> {
  private var items: [(Action, EffectHandle?)] = []
  private var head = 0

  mutating func append(_ action: Action, from effect: EffectHandle?) {
    items.append((action, effect))
  }

  /// Whether nothing is waiting (checked before `next()`: the common, empty case costs one comparison).
  @inline(__always)
  var isEmpty: Bool { head == items.count }

  @inline(__always)
  mutating func next() -> (Action, EffectHandle?)? {
    guard head < items.count else { return nil }
    let item = items[head]
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    }
    return item
  }
}
