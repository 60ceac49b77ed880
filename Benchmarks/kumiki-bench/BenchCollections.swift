import FixtureData

/// The fixture data the cache and outbox workloads run on: collections of the benchmark's own, served by the
/// in-process fixture server (`FixtureServer.Configuration.database`), so no workload reads or writes a feature's
/// data (app-level code names no feature: `make check-deps`). The sizes are the sample API's: five lists as one
/// screen reads them at once, of 1.8 to 5 KB as JSON.
enum BenchCollections {
  /// The list the dedup fan-in reads and the outbox's writes PATCH (`bench_items/1` … `/5`): 12 items, 2.7 KB.
  static let items = "bench_items"

  /// The five lists a screen reads at once (the revalidation workload): names, item counts and JSON sizes.
  static let screen: [(name: String, count: Int, bytes: Int)] = [
    ("bench_banners", 6, 1_900), (items, 12, 2_700), ("bench_topics", 8, 2_600), ("bench_articles", 4, 1_800),
    ("bench_photos", 20, 5_100),
  ]

  /// Every collection, `count` items each of about `bytes / count` bytes of JSON: an id, a title and a text that
  /// pads the item to its size.
  static let database = FixtureDatabase(
    root: JSONObject(
      screen.map { list in
        let padding = max(0, list.bytes / list.count - 40)
        return (
          list.name,
          .array(
            (1...list.count).map { id in
              .object(
                JSONObject([
                  ("id", .integer(id)), ("title", .string("\(list.name) \(id)")),
                  ("text", .string(String(repeating: "x", count: padding))),
                ]))
            })
        )
      }))
}
