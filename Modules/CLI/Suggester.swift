/// "Did you mean …?": the closest known word to a mistyped one.
enum Suggester {
  /// The candidate closest to `typed` by edit distance (insertions, deletions, substitutions and swaps of
  /// neighbouring characters), if it is close enough to be a plausible typo — at most a third of the longer word,
  /// at least 1, at most 3 — or when `typed` (two characters or more) starts it. Ties go to the earlier candidate.
  static func suggestion(for typed: String, among candidates: [String]) -> String? {
    guard !typed.isEmpty else { return nil }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != typed {
      let limit = min(3, max(1, max(typed.count, candidate.count) / 3))
      var distance = Self.distance(typed, candidate)
      if typed.count >= 2 && candidate.hasPrefix(typed) { distance = min(distance, limit) }
      guard distance <= limit else { continue }
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// Optimal-string-alignment distance between `a` and `b`, by characters.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
        current[j] = value
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
