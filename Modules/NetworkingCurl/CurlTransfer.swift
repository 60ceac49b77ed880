import CCurl
import Foundation
import Networking
import Synchronization

/// One request on its way through libcurl: the plan, its configured easy handle, the continuation to resume,
/// and the raw response as it arrives through the write and header callbacks.
///
/// `@unchecked Sendable`: ownership of the mutable fields passes between threads, never sharing them. The
/// requesting task configures the handle and sets `continuation`, then hands the transfer to the driver
/// thread through the driver's inbox mutex (which orders those writes before the driver's reads). While the
/// handle is attached, only the driver thread touches the transfer (libcurl runs the callbacks there). The
/// driver detaches the handle before resuming the continuation, which orders its writes before the task
/// reads the response. The one field written from other threads, the cancellation flag, is atomic.
final class CurlTransfer: @unchecked Sendable {
  /// How libcurl finished the transfer: its `CURLcode` and the HTTP status (0 if none arrived).
  struct Outcome: Sendable {
    let code: UInt32
    let status: Int
  }

  let plan: CurlRequestPlan
  let maxResponseSize: Int
  /// Resumed exactly once: see ``CurlDriverStateMachine``.
  var continuation: CheckedContinuation<Outcome, any Error>?
  /// The configured easy handle.
  var easy: UnsafeMutableRawPointer?
  /// Whether `easy` is attached to the driver's multi handle. Driver thread only.
  var isAttached = false
  /// The `CURLOPT_HTTPHEADER` list, freed with the transfer.
  var headerList: UnsafeMutablePointer<curl_slist>?
  /// libcurl's `CURLOPT_ERRORBUFFER`.
  let errorBuffer: UnsafeMutablePointer<CChar>
  var body = Data()
  /// Every header line received, CRLFs included; ``CurlHeaderParser`` keeps the final response's.
  var rawHeaders: [UInt8] = []
  /// Set when the body outgrew `maxResponseSize` and the write callback refused it.
  var exceededLimit = false
  private let cancelled = Atomic(false)

  init(plan: CurlRequestPlan, maxResponseSize: Int) {
    self.plan = plan
    self.maxResponseSize = maxResponseSize
    let size = Int(kumiki_curl_error_size)
    errorBuffer = .allocate(capacity: size)
    errorBuffer.initialize(repeating: 0, count: size)
  }

  deinit {
    errorBuffer.deallocate()
    if let headerList { kumiki_curl_slist_free_all(headerList) }
  }

  /// Whether the requesting task was cancelled. Any thread.
  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  /// Records that the requesting task was cancelled. Any thread.
  func markCancelled() {
    cancelled.store(true, ordering: .releasing)
  }

  /// libcurl's error detail for the last failure, or `""`.
  var errorDetail: String {
    String(cString: errorBuffer)
  }

  /// Resumes the waiting task. Later calls do nothing (they cannot happen; see the state machine).
  func resume(_ result: Result<Outcome, any Error>) {
    let continuation = self.continuation
    self.continuation = nil
    continuation?.resume(with: result)
  }

  /// Appends body bytes. Returns the number consumed; fewer than given aborts the transfer.
  func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
    if body.count + bytes.count > maxResponseSize {
      exceededLimit = true
      return 0
    }
    body.append(bytes.assumingMemoryBound(to: UInt8.self))
    return bytes.count
  }

  /// Keeps one header line, parsed later on the requesting task. Returns the number consumed.
  func receiveHeader(_ line: UnsafeRawBufferPointer) -> Int {
    rawHeaders.append(contentsOf: line)
    return line.count
  }

  /// The response or error this transfer ended with. Call on the requesting task after the driver resumed it.
  func result(of outcome: Outcome) -> Result<HTTPResponse, HTTPError> {
    guard outcome.code == CURLE_OK.rawValue else {
      return .failure(
        CurlErrorMapping.error(
          code: outcome.code,
          url: plan.url,
          exceededLimit: exceededLimit,
          limit: maxResponseSize,
          detail: errorDetail
        )
      )
    }
    let headers = CurlHeaderParser.parse(rawHeaders)
    return .success(HTTPResponse(status: outcome.status, headers: headers, body: body, url: plan.url))
  }
}

/// `CURLOPT_WRITEFUNCTION`: `userdata` is the unretained ``CurlTransfer``, kept alive by the driver.
let curlWriteCallback: curl_write_callback = { data, size, count, userdata in
  guard let userdata else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
  return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
}

/// `CURLOPT_HEADERFUNCTION`: as ``curlWriteCallback``, for header lines.
let curlHeaderCallback: curl_write_callback = { data, size, count, userdata in
  guard let userdata else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
  return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
}
