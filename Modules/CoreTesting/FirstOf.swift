import Synchronization

/// Races an operation that ignores cancellation against a timeout, without waiting for the loser.
enum FirstOf {
  /// `true` when `operation` finished first, `false` when `timeout` elapsed first. The losing task keeps running
  /// on its own (the operation here is `settled()`, which ends once effects are cancelled).
  static func race(_ operation: @escaping @Sendable () async -> Void, orTimeout timeout: Duration) async -> Bool {
    let outcome = Mutex<CheckedContinuation<Bool, Never>?>(nil)
    let resume: @Sendable (Bool) -> Void = { value in
      outcome.withLock { continuation in
        defer { continuation = nil }
        return continuation
      }?.resume(returning: value)
    }
    return await withCheckedContinuation { continuation in
      outcome.withLock { $0 = continuation }
      let timer = Task {
        try? await Task.sleep(for: timeout)
        if !Task.isCancelled { resume(false) }
      }
      Task {
        await operation()
        timer.cancel()
        resume(true)
      }
    }
  }
}
