import FeatureAssembly
import FeatureKit

extension AppRuntime {
  /// The first non-nil `extract(state)`, checked now and after every state change (no polling, no sleeping).
  /// - Throws: `CancellationError` when the waiting task is cancelled first.
  public func value<T>(_ extract: @escaping @Sendable (AppState) -> T?) async throws -> T {
    for await state in store.values(select: { $0 }) {
      if let value = extract(state) { return value }
    }
    throw CancellationError()
  }
}
