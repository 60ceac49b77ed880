import ArgumentParser
import Foundation
import Persistence
import PersistenceSQLite

/// `kumiki-bench persistence`: save/unsave throughput and latency on a real SQLite file (WAL, synchronous = FULL,
/// one transaction per write, as the apps run it), and the time to load 10,000 saved ids.
struct PersistenceBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "persistence",
    abstract: "Save/unsave operations per second with p50/p99 latency, and the time to load N saved ids."
  )

  @Option(help: "Timed saves, then as many timed unsaves.")
  var operations = 5_000

  @Option(help: "Saved items present when timing the id and list loads.")
  var ids = 10_000

  @Option(help: "Timed repetitions of each load.")
  var loads = 20

  @Option(name: .customLong("db"), help: "Database file to use (default: a fresh file in a temporary folder).")
  var path: String?

  mutating func run() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try KumikiDatabase.open(path: path ?? folder.appendingPathComponent("kumiki.sqlite").path)
    defer { try? database.close() }
    let saved = database.savedItems
    let base = (try await saved.allIDs().max() ?? 0) + 1
    print("persistence: \(database.location.displayPath)")

    let saves = try await timeEach(base..<(base + operations)) { id in try await saved.save(Self.item(id)) }
    report("save", saves)
    let unsaves = try await timeEach(base..<(base + operations)) { id in _ = try await saved.unsave(id) }
    report("unsave", unsaves)
    report("save+unsave", saves + unsaves)

    let present = try await saved.allIDs().count
    for id in base..<(base + max(0, ids - present)) { try await saved.save(Self.item(id)) }
    let count = try await saved.allIDs().count
    let idLoads = try await timeEach(0..<loads) { _ in _ = try await saved.allIDs() }
    let listLoads = try await timeEach(0..<loads) { _ in _ = try await saved.list() }
    print(line("load \(count) ids", idLoads))
    print(line("load \(count) items", listLoads))
  }

  static func item(_ id: Int) -> SavedItem {
    SavedItem(
      id: id, category: "ramen", dishName: "Dish \(id)", shopName: "Shop \(id)",
      introduction: String(repeating: "A bowl worth the queue. ", count: 8), photoURL: "https://example.com/\(id).jpg",
      savedAt: Date())
  }

  /// Runs `body` for each element and returns each run's duration.
  private func timeEach<S: Sequence>(
    _ elements: S, _ body: (S.Element) async throws -> Void
  ) async throws
    -> [Duration]
  {
    let clock = ContinuousClock()
    var durations: [Duration] = []
    for element in elements {
      let start = clock.now
      try await body(element)
      durations.append(clock.now - start)
    }
    return durations
  }

  private func report(_ name: String, _ durations: [Duration]) {
    let total = durations.reduce(Duration.zero, +)
    let perSecond = Double(durations.count) / max(total.seconds, 1e-9)
    print(line(name, durations) + String(format: "  %9.0f ops/s", perSecond))
  }

  private func line(_ name: String, _ durations: [Duration]) -> String {
    let sorted = durations.sorted()
    func percentile(_ p: Double) -> Double {
      sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)].seconds
    }
    let label = name.padding(toLength: 22, withPad: " ", startingAt: 0)
    return "  \(label)"
      + String(
        format: " n=%-6d p50 %9.3f ms  p99 %9.3f ms  max %9.3f ms", durations.count, percentile(0.5) * 1000,
        percentile(0.99) * 1000, (sorted.last?.seconds ?? 0) * 1000)
  }
}

extension Duration {
  fileprivate var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
