/// A line diff (longest common subsequence), for DevTools' state diffs and golden-frame failures.
public enum LineDiff {
  /// One line of a diff.
  public enum Line: Equatable, Sendable {
    /// In both.
    case same(String)
    /// Only in the old lines.
    case removed(String)
    /// Only in the new lines.
    case added(String)
  }

  /// Largest `old.count × new.count` diffed exactly; beyond it the common prefix and suffix are kept and the
  /// middle is shown as removed then added.
  static let maximumCells = 1_000_000

  /// The diff turning `old` into `new`.
  public static func diff(_ old: [String], _ new: [String]) -> [Line] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(old[prefix..<(old.count - suffix)])
    let b = Array(new[prefix..<(new.count - suffix)])
    var middle: [Line] = []
    if a.count * b.count > maximumCells {
      middle = a.map(Line.removed) + b.map(Line.added)
    } else {
      // lengths[i][j]: LCS length of a[i...] and b[j...].
      let width = b.count + 1
      var lengths = [Int](repeating: 0, count: (a.count + 1) * width)
      for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
          lengths[i * width + j] =
            a[i] == b[j]
            ? lengths[(i + 1) * width + j + 1] + 1 : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
          middle.append(.same(a[i]))
          i += 1
          j += 1
        } else if i < a.count, j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
          middle.append(.removed(a[i]))
          i += 1
        } else {
          middle.append(.added(b[j]))
          j += 1
        }
      }
    }
    return old[..<prefix].map(Line.same) + middle + old[(old.count - suffix)...].map(Line.same)
  }

  /// Only the changed lines with `context` unchanged lines around them; gaps become `nil`.
  public static func hunks(_ lines: [Line], context: Int = 1) -> [Line?] {
    let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
    guard !changed.isEmpty else { return [] }
    var keep = Set<Int>()
    for index in changed {
      for offset in -context...context where lines.indices.contains(index + offset) { keep.insert(index + offset) }
    }
    var result: [Line?] = []
    var previous: Int?
    for index in keep.sorted() {
      if let previous, index != previous + 1 { result.append(nil) }
      result.append(lines[index])
      previous = index
    }
    return result
  }
}
