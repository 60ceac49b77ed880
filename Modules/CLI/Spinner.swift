import Terminal

/// A progress spinner on standard error, shown only once a wait has lasted `delay`.
///
/// It is a timer task: it sleeps `delay`, then redraws one line every `interval`. ``stop()`` cancels the task
/// and awaits it, so when `stop()` returns the spinner has either never drawn or has erased its line — output
/// printed afterwards never interleaves with it. Create one only when ``OutputPolicy/spinnerEnabled(stderrIsTerminal:environment:)``
/// allows it.
final class Spinner: Sendable {
  /// The frames, ASCII so any terminal font has them.
  static let frames = ["|", "/", "-", "\\"]

  private let task: Task<Void, Never>

  /// Starts the timer. `label` is made inert and fitted to `width - 2` columns.
  init(
    stream: any TextStream, label: String, width: Int = 80, delay: Duration = .milliseconds(300),
    interval: Duration = .milliseconds(100)
  ) {
    let label = TextSanitizer.inert(label).truncated(toWidth: max(1, width - 3))
    task = Task {
      do { try await Task.sleep(for: delay) } catch { return }
      var frame = 0
      while !Task.isCancelled {
        stream.write("\r" + Self.frames[frame % Self.frames.count] + " " + label)
        frame += 1
        do { try await Task.sleep(for: interval) } catch { break }
      }
      stream.write("\r\u{1B}[K")
    }
  }

  /// Cancels the spinner and returns once its line is erased (or was never drawn).
  func stop() async {
    task.cancel()
    await task.value
  }
}
