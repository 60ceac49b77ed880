import ActionLog
import Core
import Foundation
import Synchronization
import Testing

@Suite struct ActionLogTests {
  struct Shop: Equatable, Sendable {
    var items: [String] = []
    var total = 0
  }

  enum ShopAction: Codable, Equatable, Sendable {
    case add(String, price: Int)
    case removeFirst
    case checkout
  }

  static let reducer = Reducer<Shop, ShopAction> { state, action in
    switch action {
    case .add(let name, let price):
      state.items.append(name)
      state.total += price
    case .removeFirst:
      if !state.items.isEmpty { state.items.removeFirst() }
    case .checkout:
      state = Shop()
    }
  }

  final class Lines: Sendable {
    let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var text: String { storage.withLock { $0.joined(separator: "\n") } }

    /// A middleware that writes what reaches the reducer as log lines (``ActionLog/line(sequence:timestamp:source:action:)``),
    /// as a recorder placed last in the chain does.
    func recorder(now: @escaping @Sendable () -> Date = Date.init) -> Middleware<Shop, ShopAction> {
      let sequence = Atomic<Int>(0)
      return Middleware { context, action, next in
        let source = context.source
        next(action)
        guard let json = try? JSONEncoder().encode(action) else { return }
        let seq = sequence.add(1, ordering: .relaxed).newValue
        self.append(ActionLog.line(sequence: seq, timestamp: now(), source: source, action: json))
      }
    }
  }

  @Test func replayReproducesTheFinalStateIncludingMiddlewareOutput() throws {
    let lines = Lines()
    // A middleware that rewrites one action and swallows another: the log must capture what the reducer saw.
    let pricing = Middleware<Shop, ShopAction> { context, action, next in
      switch action {
      case .add(let name, _) where name == "free sample": next(.add(name, price: 0))
      case .checkout: return
      default: next(action)
      }
      if case .add(let name, _) = action, name == "ramen" { context.dispatch(.add("gyoza", price: 450)) }
    }
    let store = Store(
      initialState: Shop(),
      reducer: Self.reducer,
      middlewares: [pricing, lines.recorder()]
    )
    store.dispatch(.add("ramen", price: 980))
    store.dispatch(.add("free sample", price: 300))
    store.dispatch(.checkout)
    store.dispatch(.removeFirst)
    store.dispatch(.add("カレー 🍛", price: 1_200))

    let replayed = Store(initialState: Shop(), reducer: Self.reducer)
    try ActionLog.replay(lines.text, into: replayed)
    #expect(replayed.state == store.state)
    #expect(store.state == Shop(items: ["gyoza", "free sample", "カレー 🍛"], total: 2_630))
  }

  @Test func linesCarrySequenceTimestampAndAction() throws {
    let lines = Lines()
    let fixed = Date(timeIntervalSince1970: 1_700_000_000.25)
    let store = Store(
      initialState: Shop(),
      reducer: Self.reducer,
      middlewares: [lines.recorder(now: { fixed })]
    )
    store.dispatch(.removeFirst)
    store.dispatch(.checkout)
    let entries = try ActionLog.entries(in: lines.text) { try JSONDecoder().decode(ShopAction.self, from: $0) }
    #expect(entries.map(\.sequence) == [1, 2])
    #expect(entries.map(\.action) == [.removeFirst, .checkout])
    #expect(entries.allSatisfy { abs($0.timestamp.timeIntervalSince(fixed)) < 0.001 })
    #expect(lines.text.hasPrefix(#"{"seq":1,"t":"2023-11-14T22:13:20.250Z","by":"user","action":"#))
    #expect(entries.map(\.source) == [.external, .external])
  }

  @Test func malformedLinesAreReportedWithTheirNumber() {
    let log = """
      {"seq":1,"t":"2023-11-14T22:13:20.250Z","action":{"checkout":{}}}
      not json
      """
    #expect(throws: ActionLogError.self) {
      _ = try ActionLog.entries(in: log) { try JSONDecoder().decode(ShopAction.self, from: $0) }
    }
    do {
      _ = try ActionLog.entries(in: log) { try JSONDecoder().decode(ShopAction.self, from: $0) }
    } catch let error as ActionLogError {
      guard case .malformedLine(let line, _) = error else { return }
      #expect(line == 2)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }
}
