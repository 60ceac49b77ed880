import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The app the playground runs, in the foreground: it shares the playground's terminal (standard input, output and
/// error) and its process group, and the playground waits for it.
///
/// It is started with `posix_spawn` and no `POSIX_SPAWN_SETPGROUP` (Foundation's `Process` puts its child in a group
/// of its own, which is not the terminal's foreground group: the TUI's first read or `tcsetattr` then stopped or
/// failed it, and the keys went to the shell). In the playground's group, the app is in the foreground whenever the
/// playground is: Ctrl-C reaches the app (the playground only notes it and cleans up when the app has ended), and
/// the TUI's Ctrl-Z stops the whole group (the playground and `make` with it), so the shell's `fg` resumes them all.
enum AppProcess {
  /// The signals the child starts with at their default action, whatever the playground does with them.
  static let defaultSignals = [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGPIPE, SIGTERM, SIGHUP, SIGCONT]

  /// Runs `path` and returns its exit status (128 + the signal when a signal ended it).
  static func run(_ path: String, arguments: [String], environment: [String: String]) async -> Int32 {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      Playground.say("\(path) not found: build it (make run FEATURE=… builds it)")
      return 1
    }
    // The playground outlives Ctrl-C (and Ctrl-\) to stop the API and remove the state folder once the app has ended.
    signal(SIGINT, SIG_IGN)
    signal(SIGQUIT, SIG_IGN)
    let pid: pid_t
    switch spawn(path, arguments: arguments, environment: environment) {
    case .success(let spawned): pid = spawned
    case .failure(let error):
      Playground.say("cannot run \(path): \(String(cString: strerror(error.code)))")
      return 1
    }
    let status = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
      Thread { done.resume(returning: wait(for: pid)) }.start()
    }
    return status
  }

  /// An `errno` from `posix_spawn`.
  struct SpawnError: Error { let code: Int32 }

  /// Starts `path` in this process's group, with an empty signal mask, ``defaultSignals`` at their default, and no
  /// descriptor but the standard three (the API child's standard input stays the playground's alone, so the API
  /// still ends when the playground does).
  static func spawn(_ path: String, arguments: [String], environment: [String: String]) -> Result<pid_t, SpawnError> {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in defaultSignals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    closeOnExec()

    let argv = ([path] + arguments).map { strdup($0) }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let result = (argv + [nil]).withUnsafeBufferPointer { argvPointer in
      (envp + [nil]).withUnsafeBufferPointer { envpPointer in
        posix_spawn(&pid, path, nil, &attributes, argvPointer.baseAddress!, envpPointer.baseAddress!)
      }
    }
    return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
  }

  /// Marks every descriptor above the standard three close-on-exec, so the app inherits none (Foundation's `Pipe`
  /// is not close-on-exec). The playground starts nothing else afterwards.
  static func closeOnExec() {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in descriptors.compactMap(Int32.init) where descriptor > 2 {
      let flags = fcntl(descriptor, F_GETFD)
      if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
  }

  /// Waits for `pid` to end and returns its exit status, 128 + the signal that ended it.
  static func wait(for pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return 1 }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}
