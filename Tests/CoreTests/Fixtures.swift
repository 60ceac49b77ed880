import Core
import Synchronization

/// A small counter domain shared by Core's tests.
struct Counter: Equatable, Sendable {
  var count = 0
  var other = 0
  var log: [String] = []
}

enum CounterAction: Equatable, Sendable {
  case increment
  case add(Int)
  case bumpOther
  case note(String)
}

let counterReducer = Reducer<Counter, CounterAction> { state, action in
  switch action {
  case .increment: state.count += 1
  case .add(let n): state.count += n
  case .bumpOther: state.other += 1
  case .note(let text): state.log.append(text)
  }
}

/// Thread-safe collector for values delivered to subscribers and effects.
final class Recorder<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])
  func append(_ value: Value) { storage.withLock { $0.append(value) } }
  var values: [Value] { storage.withLock { $0 } }
}
