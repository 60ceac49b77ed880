import CWidth
import Glibc
import Synchronization

/// Reads a terminal's input on a dedicated thread and delivers decoded events as an `AsyncStream`.
///
/// The thread blocks in `poll(2)` on the input, the lifecycle's signal notification pipe
/// (SIGWINCH, SIGCONT → `.resize`) and its own stop pipe, so it never occupies a Swift
/// concurrency thread. While the decoder holds a lone ESC it polls with `escapeTimeoutMilliseconds`
/// and flushes it as Escape when nothing follows. The stream finishes on end of input, on a read
/// error, on `stop()`, or when the consumer stops iterating (the thread then exits).
public final class InputReader: Sendable {
  /// The decoded events, in order. Iterate it once.
  public let events: AsyncStream<InputEvent>
  private let stopSwitch: StopSwitch

  /// Starts reading `fileDescriptor`; window sizes for `.resize` come from `sizeFileDescriptor`.
  /// Throws `TerminalError.systemCall` if the stop pipe or the thread cannot be created.
  public init(
    fileDescriptor: Int32 = STDIN_FILENO, sizeFileDescriptor: Int32 = STDOUT_FILENO,
    escapeTimeoutMilliseconds: Int = 30
  ) throws(TerminalError) {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { throw .systemCall("pipe", errno: errno) }
    _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
    let (stream, continuation) = AsyncStream.makeStream(of: InputEvent.self, bufferingPolicy: .unbounded)
    let stopSwitch = StopSwitch(writeEnd: pipeEnds[1])
    continuation.onTermination = { _ in stopSwitch.fire() }
    let loop = ReaderLoop(
      input: fileDescriptor, sizeSource: sizeFileDescriptor, stopReadEnd: pipeEnds[0],
      escapeTimeout: Int32(clamping: escapeTimeoutMilliseconds), continuation: continuation)
    let context = Unmanaged.passRetained(loop).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<ReaderLoop>.fromOpaque(raw).takeRetainedValue().run()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<ReaderLoop>.fromOpaque(context).release()
      close(pipeEnds[0])
      stopSwitch.fire()
      throw .systemCall("pthread_create", errno: result)
    }
    pthread_detach(thread)
    self.events = stream
    self.stopSwitch = stopSwitch
  }

  /// Stops the reader thread and finishes `events`. Idempotent.
  public func stop() {
    stopSwitch.fire()
  }

  deinit {
    stopSwitch.fire()
  }
}

/// Owns the write end of the reader's stop pipe; closing it wakes and ends the reader thread.
private final class StopSwitch: Sendable {
  /// The write end; -1 once fired. Guarded: `stop()`, `deinit` and stream termination may race.
  private let writeEnd: Mutex<Int32>

  init(writeEnd: Int32) {
    self.writeEnd = Mutex(writeEnd)
  }

  func fire() {
    let fd = writeEnd.withLock { fd in
      defer { fd = -1 }
      return fd
    }
    if fd >= 0 { close(fd) }
  }
}

/// The reader thread's state; touched only by that thread once started.
private final class ReaderLoop {
  let input: Int32
  let sizeSource: Int32
  let stopReadEnd: Int32
  let escapeTimeout: Int32
  let continuation: AsyncStream<InputEvent>.Continuation
  var decoder = InputDecoder()

  init(
    input: Int32, sizeSource: Int32, stopReadEnd: Int32, escapeTimeout: Int32,
    continuation: AsyncStream<InputEvent>.Continuation
  ) {
    self.input = input
    self.sizeSource = sizeSource
    self.stopReadEnd = stopReadEnd
    self.escapeTimeout = escapeTimeout
    self.continuation = continuation
  }

  func run() {
    kumiki_unblock_session_signals()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let notifyFD = kumiki_term_notify_fd()
    var descriptors = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: notifyFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stopReadEnd, events: Int16(POLLIN), revents: 0),
    ]
    reading: while true {
      for index in descriptors.indices { descriptors[index].revents = 0 }
      let ready = poll(&descriptors, nfds_t(descriptors.count), decoder.hasPendingEscape ? escapeTimeout : -1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 {
        yield(decoder.flushPendingEscape())
        continue
      }
      if descriptors[2].revents != 0 { break }
      if descriptors[1].revents & Int16(POLLIN) != 0 && drainNotifications(notifyFD) {
        continuation.yield(.resize(TerminalSession.windowSize(of: sizeSource) ?? Size(width: 80, height: 24)))
      }
      if descriptors[0].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count > 0 {
          yield(decoder.feed(buffer[0..<count]))
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          break reading
        }
      }
    }
    continuation.finish()
    close(stopReadEnd)
  }

  /// Empties the notification pipe; true if it held a note.
  private func drainNotifications(_ fd: Int32) -> Bool {
    var notes = [UInt8](repeating: 0, count: 64)
    var any = false
    while true {
      let count = notes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        any = true
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return any
      }
    }
  }

  private func yield(_ events: [InputEvent]) {
    for event in events { continuation.yield(event) }
  }
}
