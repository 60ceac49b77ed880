import Synchronization

/// A thread-safe list that effects, fakes and tasks append to and a test reads: what was requested, started or
/// cancelled, in order.
///
/// ```swift
/// let log = Recorder<String>()
/// let client = SearchClient { query in log.append("search \(query)"); … }
/// #expect(log.values == ["search curry"])
/// ```
public final class Recorder<Element: Sendable>: Sendable {
  private let storage = Mutex<[Element]>([])

  /// An empty list.
  public init() {}

  /// Appends `element`.
  public func append(_ element: Element) {
    storage.withLock { $0.append(element) }
  }

  /// Everything appended so far, in order.
  public var values: [Element] { storage.withLock { $0 } }
}
