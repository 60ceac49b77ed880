import Foundation
import FoundationNetworking
import Synchronization

/// FoundationNetworking's URLSession with its defaults (6 connections per host).
///
/// Uses `dataTask` with a continuation instead of `data(from:)`: cancelling `data(from:)` can deadlock on
/// this toolchain (swift-corelibs-foundation#5412). The cancellation handler only hops to another queue to
/// call `cancel()`, so it never blocks while the runtime holds the task's status lock.
final class NetworkBenchURLSession: NetworkBenchHTTP {
  private let session = URLSession(configuration: .ephemeral)

  func get(_ url: URL) async throws -> Int {
    let box = Mutex<URLSessionDataTask?>(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
        let task = session.dataTask(with: url) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
            continuation.resume(throwing: NetworkBenchStatusError(status: status))
          } else {
            continuation.resume(returning: data?.count ?? 0)
          }
        }
        box.withLock { $0 = task }
        task.resume()
      }
    } onCancel: {
      let task = box.withLock { $0 }
      DispatchQueue.global().async { task?.cancel() }
    }
  }

  func shutdown() async throws {
    session.invalidateAndCancel()
  }
}
