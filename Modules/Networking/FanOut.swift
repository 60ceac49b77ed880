/// Ordered concurrent fan-out: run operations concurrently in a task group and get their results back in
/// the order they were given, whatever order they finish in.
///
/// Each child task is tagged with its index and its result placed by index. Two policies:
/// - all-or-nothing (``allOf(_:maxConcurrency:)``, ``map(_:maxConcurrency:_:)``, variadic ``all(_:maxConcurrency:)``):
///   the first failure cancels the other operations and is thrown; cancelling the calling task throws
///   `CancellationError`.
/// - settle-all (``settledOf(_:maxConcurrency:)``, ``settledMap(_:maxConcurrency:_:)``, variadic
///   ``settled(_:maxConcurrency:)``): every operation runs to completion; one `Result` each.
///
/// The variadic forms take operations of different result types and return a tuple, for example a screen
/// that fetches five endpoints at once:
/// ```swift
/// let (banners, news) = try await FanOut.all(
///   { try await http.json([Banner].self, from: base.appending(path: "campaign_banners")) },
///   { try await http.json([News].self, from: base.appending(path: "recent_news")) }
/// )
/// ```
/// `maxConcurrency` (default: no limit; values below 1 count as 1) caps how many run at once; the rest
/// start in order as earlier ones finish.
///
/// (The array forms have their own names because an overload sharing the variadic forms' name stops
/// Swift 6.3 from inferring `@Sendable` for the closures passed to them.)
public enum FanOut {
  /// Runs `operations` concurrently and returns their results in the same order.
  ///
  /// - Throws: the first error thrown by an operation (the others are cancelled and awaited first), or
  ///   `CancellationError` if the calling task is cancelled.
  public static func allOf<T: Sendable>(
    _ operations: [@Sendable () async throws -> T],
    maxConcurrency: Int? = nil
  ) async throws -> [T] {
    try await withThrowingTaskGroup(of: (Int, T).self) { group in
      var results = [T?](repeating: nil, count: operations.count)
      var next = 0
      let limit = width(maxConcurrency, count: operations.count)
      func startNext() {
        let index = next
        let operation = operations[index]
        next += 1
        group.addTask { (index, try await operation()) }
      }
      while next < limit { startNext() }
      do {
        while let (index, value) = try await group.next() {
          results[index] = value
          if next < operations.count {
            try Task.checkCancellation()
            startNext()
          }
        }
      } catch {
        group.cancelAll()
        throw error
      }
      try Task.checkCancellation()
      return results.compactMap { $0 }
    }
  }

  /// Runs `operations` concurrently to completion and returns one `Result` per operation, in the same order.
  ///
  /// If the calling task is cancelled, operations not yet started are not run and report `CancellationError`.
  public static func settledOf<T: Sendable>(
    _ operations: [@Sendable () async throws -> T],
    maxConcurrency: Int? = nil
  ) async -> [Result<T, any Error>] {
    await withTaskGroup(of: (Int, Result<T, any Error>).self) { group in
      var results = [Result<T, any Error>](repeating: .failure(CancellationError()), count: operations.count)
      var next = 0
      let limit = width(maxConcurrency, count: operations.count)
      func startNext() {
        let index = next
        let operation = operations[index]
        next += 1
        group.addTask {
          do {
            return (index, .success(try await operation()))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      while next < limit { startNext() }
      while let (index, result) = await group.next() {
        results[index] = result
        if next < operations.count, !Task.isCancelled { startNext() }
      }
      return results
    }
  }

  /// Applies `transform` to every element concurrently and returns the results in element order,
  /// all-or-nothing as ``allOf(_:maxConcurrency:)``.
  public static func map<Element: Sendable, T: Sendable>(
    _ elements: some Sequence<Element>,
    maxConcurrency: Int? = nil,
    _ transform: @escaping @Sendable (Element) async throws -> T
  ) async throws -> [T] {
    let operations = elements.map { element in { @Sendable in try await transform(element) } }
    return try await allOf(operations, maxConcurrency: maxConcurrency)
  }

  /// Applies `transform` to every element concurrently to completion and returns one `Result` per element,
  /// in element order, as ``settledOf(_:maxConcurrency:)``.
  public static func settledMap<Element: Sendable, T: Sendable>(
    _ elements: some Sequence<Element>,
    maxConcurrency: Int? = nil,
    _ transform: @escaping @Sendable (Element) async throws -> T
  ) async -> [Result<T, any Error>] {
    let operations = elements.map { element in { @Sendable in try await transform(element) } }
    return await settledOf(operations, maxConcurrency: maxConcurrency)
  }

  static func width(_ maxConcurrency: Int?, count: Int) -> Int {
    min(count, max(1, maxConcurrency ?? count))
  }
}
