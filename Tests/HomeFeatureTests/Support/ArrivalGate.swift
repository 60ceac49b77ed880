/// Suspends callers of ``arrive()`` until `count` of them have arrived, then releases them all. Used to prove
/// operations run concurrently: run sequentially, the first would wait for the others forever.
actor ArrivalGate {
  private let count: Int
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    self.count = count
  }

  func arrive() async {
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
