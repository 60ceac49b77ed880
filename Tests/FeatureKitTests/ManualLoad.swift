import CoreTesting
import Synchronization

/// A load the test answers by hand. Calls are numbered from 1; each waits until the test answers it or its task is
/// cancelled (then it throws `CancellationError`). The test can wait until a number of calls have started.
final class ManualLoad: Sendable {
  private struct Book {
    var calls = 0
    var cancelled: [Int] = []
    var answers: [Int: Result<[String], any Error>] = [:]
    var waiting: [Int: CheckedContinuation<Result<[String], any Error>, Never>] = [:]
    var callWaiters = CountWaiters()
  }

  private let book = Mutex(Book())

  /// How many calls have started.
  var calls: Int { book.withLock { $0.calls } }
  /// The numbers of the calls whose task was cancelled, in order.
  var cancelled: [Int] { book.withLock { $0.cancelled } }

  /// The load: waits for the test's answer to this call.
  func load() async throws -> [String] {
    let (number, started) = book.withLock { book in
      book.calls += 1
      return (book.calls, book.callWaiters.satisfied(by: book.calls))
    }
    for waiter in started { waiter.resume() }
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        book.withLock { book in
          if let answer = book.answers.removeValue(forKey: number) {
            continuation.resume(returning: answer)
          } else {
            book.waiting[number] = continuation
          }
        }
      }
    } onCancel: {
      self.settle(number, with: .failure(CancellationError()), cancelled: true)
    }
    return try result.get()
  }

  /// Answers call `number` (now if it is waiting, or as soon as it asks).
  func answer(_ number: Int, with dishes: [String]) {
    settle(number, with: .success(dishes), cancelled: false)
  }

  /// Fails call `number` with `error`.
  func fail(_ number: Int, with error: any Error) {
    settle(number, with: .failure(error), cancelled: false)
  }

  /// Returns once `count` calls have started, or when its task is cancelled (a call that never starts then fails the
  /// test at its time limit instead of hanging it).
  func started(_ count: Int) async {
    await CountWaiters.wait(for: count) { body in
      book.withLock { book in
        let calls = book.calls
        body(&book.callWaiters, calls)
      }
    }
  }

  private func settle(_ number: Int, with result: Result<[String], any Error>, cancelled: Bool) {
    book.withLock { book in
      if cancelled { book.cancelled.append(number) }
      if let continuation = book.waiting.removeValue(forKey: number) {
        continuation.resume(returning: result)
      } else {
        book.answers[number] = result
      }
    }
  }
}

/// An error whose description is the message a failed load shows.
struct KitchenClosed: Error, CustomStringConvertible {
  var description: String { "The kitchen is closed." }
}
