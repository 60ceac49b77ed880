import CoreTesting

/// The draws the fuzz suite makes with CoreTesting's seeded generator (SplitMix64): the same seed gives the same
/// fuzz cases, so a failure replays with `KUMIKI_FUZZ_SEED=<seed>`.
extension SplitMix64 {
  /// `true` with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// A random element of a non-empty array.
  mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int.random(in: 0..<choices.count, using: &self)]
  }

  /// A random integer in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }
}
