#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The program long output goes through on a terminal, as git and gh do: `KUMIKI_PAGER`, else `PAGER`, else
/// `less -FRX` (``defaultCommand``). Set to the empty string or to `cat`, there is none; `--no-pager` turns it off
/// for one run, and it is never used when standard output is not a terminal or `TERM` is unset or `dumb`
/// (``resolve(noPager:environment:)``; when output is long: ``PagedOutput``).
///
/// The command is split into words as a shell would (spaces; single and double quotes group), never run by a
/// shell. It is started with `posix_spawnp` in kumiki's own process group, so it is in the terminal's foreground
/// and reads keys from it (Foundation's `Process` would put it in a group of its own), and it gets `LESS=FRX` and
/// `LV=-c` unless those are set. A pager that cannot be started (not found, not executable) leaves the text to be
/// printed as it is.
struct Pager: Equatable, Sendable {
  /// The program and its arguments.
  var command: [String]
  /// The pager's environment.
  var environment: [String: String]

  /// What is used when neither `KUMIKI_PAGER` nor `PAGER` is set.
  static let defaultCommand = "less -FRX"

  /// The pager for this run, or `nil` for none (see the type's documentation).
  static func resolve(noPager: Bool, environment: [String: String]) -> Pager? {
    guard !noPager, OutputPolicy.capableTerminal(environment) else { return nil }
    let text = environment["KUMIKI_PAGER"] ?? environment["PAGER"] ?? defaultCommand
    let words = split(text)
    guard let program = words.first, program != "cat" else { return nil }
    var environment = environment
    if environment["LESS"] == nil { environment["LESS"] = "FRX" }
    if environment["LV"] == nil { environment["LV"] = "-c" }
    return Pager(command: words, environment: environment)
  }

  /// `text` split into words: runs of spaces and tabs separate them, quotes group (no escapes, no expansion).
  static func split(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" || character == "\n" {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// Runs the pager with `text` on its standard input and `descriptor` (a terminal) as its standard output, and
  /// waits for it to end. Returns `false`, having written nothing, when it could not be started.
  ///
  /// While it runs, kumiki ignores `SIGINT` and `SIGQUIT` (the pager answers Ctrl-C itself, and the shell must not
  /// get the terminal back before it ends) and `SIGPIPE` (quitting the pager early ends the write quietly).
  func show(_ text: String, descriptor: Int32) -> Bool {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return false }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    guard let pid = spawn(input: readEnd, output: descriptor) else {
      close(readEnd)
      close(writeEnd)
      return false
    }
    close(readEnd)
    let previous = [SIGINT, SIGQUIT, SIGPIPE].map { ($0, signal($0, SIG_IGN)) }
    FileStream(descriptor: writeEnd).write(text)
    close(writeEnd)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    for (number, handler) in previous { signal(number, handler) }
    return true
  }

  /// Starts the pager with `input` as its standard input and `output` as its standard output; `nil` when
  /// `posix_spawnp` fails.
  private func spawn(input: Int32, output: Int32) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, 0)
    if output != 1 { posix_spawn_file_actions_adddup2(&actions, output, 1) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    let argv = command.map { strdup($0) }
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let result = (argv + [nil]).withUnsafeBufferPointer { argvPointer in
      (envp + [nil]).withUnsafeBufferPointer { envpPointer in
        posix_spawnp(&pid, command[0], &actions, &attributes, argvPointer.baseAddress!, envpPointer.baseAddress!)
      }
    }
    return result == 0 ? pid : nil
  }
}
