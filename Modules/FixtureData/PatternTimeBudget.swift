import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processor time one query may spend matching regular expressions, measured on the thread that runs it.
///
/// Regular expressions backtrack: `(.*a){25}` over 24 `a`s takes minutes. Each match reports progress every few
/// milliseconds (ICU's match callback, `NSRegularExpression`'s `.reportProgress`), and the budget stops it there
/// once the thread has used up its allowance. Processor time rather than wall time, so a query on a busy machine
/// is not refused for waiting its turn; the whole query shares one allowance, however many elements and patterns
/// it matches.
struct PatternTimeBudget {
  /// Thrown when the allowance is used up.
  struct Exhausted: Error {}

  /// The allowance, or `nil` for none (matching runs to completion).
  let limit: Duration?
  private let start: Duration

  /// A budget of `limit` from now, on the calling thread.
  init(limit: Duration?) {
    self.limit = limit
    start = limit == nil ? .zero : Self.threadTime()
  }

  /// Whether `pattern` matches anywhere in `text`.
  /// - Throws: ``Exhausted`` when the allowance ran out before or during the match.
  func matches(_ pattern: NSRegularExpression, in text: String) throws(Exhausted) -> Bool {
    let range = NSRange(text.startIndex..<text.endIndex, in: text)
    guard limit != nil else { return pattern.firstMatch(in: text, range: range) != nil }
    guard !isExhausted else { throw Exhausted() }
    var found = false
    var exhausted = false
    pattern.enumerateMatches(in: text, options: [.reportProgress], range: range) { result, _, stop in
      if result != nil {
        found = true
        stop.pointee = true
      } else if isExhausted {
        exhausted = true
        stop.pointee = true
      }
    }
    if exhausted { throw Exhausted() }
    return found
  }

  private var isExhausted: Bool {
    guard let limit else { return false }
    return Self.threadTime() - start >= limit
  }

  /// The processor time the calling thread has used so far.
  private static func threadTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
