import CoreTesting

/// The draws the session fuzz tests make with CoreTesting's seeded generator.
extension SplitMix64 {
  /// `true` `percent` times in a hundred.
  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

  /// A random element of a non-empty array.
  mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}
