/// Suspends callers of ``arrive()`` until `count` of them have arrived, then releases them all. Used to prove
/// operations run concurrently: run sequentially, the first would wait for the others forever (give the test a
/// time limit).
///
/// ```swift
/// let gate = ArrivalGate(count: 2)
/// let client = HomeClient(campaignBanners: { await gate.arrive(); return [] }, recentNews: { await gate.arrive(); return [] }, …)
/// // fetching both completes only if the two requests are in flight at the same time
/// ```
public actor ArrivalGate {
  private let count: Int
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// A gate that opens when `count` callers have arrived.
  public init(count: Int) {
    self.count = count
  }

  /// Waits until `count` callers (this one included) have arrived; returns at once for the last one and later.
  public func arrive() async {
    arrived += 1
    if arrived >= count {
      let released = waiting
      waiting = []
      for continuation in released { continuation.resume() }
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }
}
