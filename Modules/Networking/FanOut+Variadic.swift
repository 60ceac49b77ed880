extension FanOut {
  /// Runs operations of different result types concurrently and returns their results as a tuple in
  /// argument order, all-or-nothing as ``allOf(_:maxConcurrency:)``.
  ///
  /// - Throws: the first error thrown by an operation (the others are cancelled), or `CancellationError`.
  public static func all<each T: Sendable>(
    _ operation: repeat @escaping @Sendable () async throws -> each T,
    maxConcurrency: Int? = nil
  ) async throws -> (repeat each T) {
    var operations: [@Sendable () async throws -> any Sendable] = []
    for operation in repeat each operation {
      operations.append(erase(operation))
    }
    let results = FanOutCursor(try await allOf(operations, maxConcurrency: maxConcurrency))
    return (repeat results.next((each T).self))
  }

  /// Runs operations of different result types concurrently to completion and returns one `Result` each,
  /// as a tuple in argument order (see ``settledOf(_:maxConcurrency:)``).
  public static func settled<each T: Sendable>(
    _ operation: repeat @escaping @Sendable () async throws -> each T,
    maxConcurrency: Int? = nil
  ) async -> (repeat Result<each T, any Error>) {
    var operations: [@Sendable () async throws -> any Sendable] = []
    for operation in repeat each operation {
      operations.append(erase(operation))
    }
    let results = FanOutCursor(await settledOf(operations, maxConcurrency: maxConcurrency))
    return (repeat results.nextResult((each T).self))
  }

  // The closure is formed in this plain generic function, not inside the pack iteration: Swift 6.3.1's
  // cross-module optimisation (release builds) crashes on a closure capturing a pack element directly.
  private static func erase<U: Sendable>(
    _ operation: @escaping @Sendable () async throws -> U
  ) -> @Sendable () async throws -> any Sendable {
    { try await operation() }
  }
}

/// Hands out type-erased fan-out results one by one, cast back to the type at each position. The results come
/// back in argument order, so each cast is to exactly the type the operation at that position returned.
private final class FanOutCursor<Element> {
  private let elements: [Element]
  private var index = 0

  init(_ elements: [Element]) {
    self.elements = elements
  }

  func next<U>(_: U.Type) -> U where Element == any Sendable {
    defer { index += 1 }
    return elements[index] as! U
  }

  func nextResult<U>(_: U.Type) -> Result<U, any Error> where Element == Result<any Sendable, any Error> {
    defer { index += 1 }
    return elements[index].map { $0 as! U }
  }
}
