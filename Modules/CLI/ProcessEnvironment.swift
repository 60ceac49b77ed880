import Glibc

/// The process's environment variables, read straight from `environ`: how both apps read the environment their
/// launch options fall back on (``LaunchArguments``).
///
/// What `ProcessInfo.processInfo.environment` gives, without setting up Foundation's `ProcessInfo` first: `kumiki
/// --version` and `--help` answer before anything else needs it, and that set-up was about a sixth of their
/// instructions (Benchmarks/README.md, "Start-up"). As there, an entry without `=` is skipped, a name given twice
/// keeps its last value, and bytes that are not UTF-8 are repaired.
public enum ProcessEnvironment {
  /// Every variable of the environment, by name.
  public static func read() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let text = entry.pointee {
      if let equals = strchr(text, 0x3D) {  // "="
        let name = String(decoding: UnsafeRawBufferPointer(start: text, count: equals - text), as: UTF8.self)
        variables[name] = String(cString: equals + 1)
      }
      entry += 1
    }
    return variables
  }
}
