import CCurl
import Foundation
import Networking
import Synchronization

/// Runs every transfer of one client on one libcurl multi handle, from one dedicated thread. The thread only
/// adds, drives and removes handles; requesting tasks configure them and assemble responses.
///
/// Tasks hand transfers and cancellations over through a mutex-protected inbox and wake the thread with
/// `curl_multi_wakeup` (the one libcurl call made from other threads). The thread loops: drain the inbox,
/// add and remove handles, `curl_multi_perform`, read finished transfers, `curl_multi_poll`. It resumes
/// continuations holding no lock. Nothing here blocks a Swift task.
///
/// `@unchecked Sendable`: it owns the raw multi handle and attaches easy handles to it. `inbox` is the only
/// state touched from other threads (under its mutex, which also guards the `curl_multi_wakeup` calls
/// against the multi handle's cleanup); everything else is confined to the driver thread.
final class CurlDriver: @unchecked Sendable {
  private struct Inbox {
    var submissions: [CurlTransfer] = []
    var cancellations: [CurlTransfer] = []
    var isShuttingDown = false
    /// Set by the driver thread just before it frees the multi handle: no more wake-ups.
    var isClosed = false
    /// The driver found the inbox empty and is in (or entering) `curl_multi_poll`: new work must wake it.
    /// While it is busy it drains the inbox before polling again, so no wake-up (two syscalls) is needed.
    var isPolling = false
    /// A wake-up was sent during the current poll.
    var wakeupSent = false

    /// Wakes the driver if it is polling and not already being woken.
    mutating func wake(_ multi: UnsafeMutableRawPointer) {
      guard isPolling, !wakeupSent else { return }
      wakeupSent = true
      kumiki_curl_multi_wakeup(multi)
    }

    var isEmpty: Bool { submissions.isEmpty && cancellations.isEmpty && !isShuttingDown }
  }

  private let inbox = Mutex(Inbox())
  private let multi: UnsafeMutableRawPointer

  // Driver thread only.
  private var machine = CurlDriverStateMachine<CurlTransfer>()

  /// Creates the multi handle and starts the driver thread, or returns `nil` if libcurl cannot make one. libcurl is
  /// loaded already (`CurlClient` checks ``CurlGlobal/failure`` first).
  init?(configuration: CurlConfiguration) {
    guard let multi = kumiki_curl_multi_init() else { return nil }
    self.multi = multi
    _ = kumiki_multi_setopt_long(multi, CURLMOPT_PIPELINING, kumiki_curlpipe_multiplex)
    _ = kumiki_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(1, configuration.connectionCacheSize))
    _ = kumiki_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(0, configuration.maxConnectionsPerHost))
    let thread = Thread { [self] in run() }
    thread.name = "kumiki-curl"
    thread.start()
  }

  // MARK: - Any thread

  /// Hands `transfer` (its handle configured, its continuation set) to the driver. Resumes it at once if it
  /// is already cancelled or the driver has shut down.
  func submit(_ transfer: CurlTransfer) {
    if transfer.isCancelled {
      transfer.resume(.failure(CancellationError()))
      return
    }
    let accepted = inbox.withLock { inbox in
      guard !inbox.isShuttingDown else { return false }
      inbox.submissions.append(transfer)
      inbox.wake(multi)
      return true
    }
    if !accepted { transfer.resume(.failure(HTTPError.cancelled(transfer.plan.url))) }
  }

  /// Cancels `transfer`: flags it, queues its removal and wakes the driver. Never blocks; safe to call from
  /// a task cancellation handler.
  func cancel(_ transfer: CurlTransfer) {
    transfer.markCancelled()
    inbox.withLock { inbox in
      guard !inbox.isClosed else { return }
      inbox.cancellations.append(transfer)
      inbox.wake(multi)
    }
  }

  /// Stops the driver: running and queued transfers fail with ``HTTPError/cancelled(_:)``, the thread frees
  /// the multi handle and exits.
  func shutDown() {
    inbox.withLock { inbox in
      guard !inbox.isShuttingDown else { return }
      inbox.isShuttingDown = true
      kumiki_curl_multi_wakeup(multi)
    }
  }

  // MARK: - Driver thread

  private func run() {
    var running: Int32 = 0
    while true {
      let (submissions, cancellations, isShuttingDown) = inbox.withLock { inbox in
        defer {
          inbox.submissions = []
          inbox.cancellations = []
        }
        return (inbox.submissions, inbox.cancellations, inbox.isShuttingDown)
      }
      for transfer in submissions {
        switch machine.submit(transfer, isCancelled: transfer.isCancelled) {
        case .start(let transfer): start(transfer)
        case .fail(let transfer, let failure): transfer.resume(.failure(error(for: failure, transfer)))
        }
      }
      for transfer in cancellations {
        guard let transfer = machine.cancel(transfer) else { continue }
        detach(transfer)
        transfer.resume(.failure(CancellationError()))
      }
      if isShuttingDown {
        close()
        return
      }
      _ = kumiki_curl_multi_perform(multi, &running)
      if readCompletions() > 0 { awaitFollowUp() }
      let idle = inbox.withLock { inbox in
        guard inbox.isEmpty else { return false }
        inbox.isPolling = true
        return true
      }
      guard idle else { continue }
      _ = kumiki_curl_multi_poll(multi, nil, 0, 1_000, nil)
      inbox.withLock { inbox in
        inbox.isPolling = false
        inbox.wakeupSent = false
      }
    }
  }

  private func start(_ transfer: CurlTransfer) {
    let added = transfer.easy.map { kumiki_curl_multi_add_handle(multi, $0) } ?? CURLM_BAD_EASY_HANDLE
    guard added == CURLM_OK else {
      machine.startFailed(transfer)
      let reason = String(cString: kumiki_curl_multi_strerror(added))
      transfer.resume(.failure(HTTPError.transferFailed(transfer.plan.url, reason: reason)))
      return
    }
    transfer.isAttached = true
  }

  /// Just after resuming tasks, waits up to ``followUpWindow`` for their next submissions, yielding the
  /// core meanwhile: a request that follows a response (sequential loads, keep-alive chains) then skips
  /// the wake-up syscall and the driver's sleep-and-wake.
  private func awaitFollowUp() {
    let deadline = ContinuousClock.now + Self.followUpWindow
    while ContinuousClock.now < deadline {
      if inbox.withLock({ !$0.isEmpty }) { return }
      sched_yield()
    }
  }

  private static let followUpWindow = Duration.microseconds(30)

  /// Reads finished transfers, detaches them and resumes their tasks. Returns how many were resumed.
  @discardableResult
  private func readCompletions() -> Int {
    var resumed = 0
    var remaining: Int32 = 0
    while let message = kumiki_curl_multi_info_read(multi, &remaining) {
      guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
      // Read the message before removing the handle: removal invalidates it.
      let code = kumiki_msg_result(message)
      var pointer: UnsafeMutableRawPointer?
      _ = kumiki_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &pointer)
      guard let pointer else {
        _ = kumiki_curl_multi_remove_handle(multi, easy)  // not ours (every transfer sets CURLOPT_PRIVATE)
        continue
      }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(pointer).takeUnretainedValue()
      guard let finished = machine.finish(transfer) else { continue }
      var status = 0
      _ = kumiki_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
      detach(finished)
      finished.resume(.success(CurlTransfer.Outcome(code: code.rawValue, status: status)))
      resumed += 1
    }
    return resumed
  }

  /// Removes the transfer's handle from the multi handle; the requesting task recycles it.
  private func detach(_ transfer: CurlTransfer) {
    guard transfer.isAttached, let easy = transfer.easy else { return }
    transfer.isAttached = false
    _ = kumiki_curl_multi_remove_handle(multi, easy)
  }

  private func error(for failure: CurlDriverStateMachine<CurlTransfer>.Failure, _ transfer: CurlTransfer) -> any Error {
    switch failure {
    case .cancelled: CancellationError()
    case .shutDown: HTTPError.cancelled(transfer.plan.url)
    }
  }

  /// Fails everything still running or queued, closes the inbox and frees the multi handle.
  private func close() {
    for transfer in machine.shutDown() {
      detach(transfer)
      transfer.resume(.failure(HTTPError.cancelled(transfer.plan.url)))
    }
    let late = inbox.withLock { inbox in
      inbox.isClosed = true
      defer { inbox.submissions.removeAll() }
      return inbox.submissions
    }
    for transfer in late {
      transfer.resume(.failure(HTTPError.cancelled(transfer.plan.url)))
    }
    kumiki_curl_multi_cleanup(multi)
  }
}
