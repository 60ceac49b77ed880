/// Why a scenario could not be read or chosen. Each message is one line naming the file or the name.
public enum ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A scenario file is not what the format allows: `file` is its path (or a standard scenario's name).
  case invalid(file: String, reason: String)
  /// The feature's `scenarios` folder could not be listed.
  case unreadableFolder(path: String, reason: String)
  /// No scenario has this name; `available` are the names there are.
  case unknown(String, available: [String])

  /// The message, one line.
  public var description: String {
    switch self {
    case .invalid(let file, let reason): "\(file): \(reason)"
    case .unreadableFolder(let path, let reason): "cannot list \(path): \(reason)"
    case .unknown(let name, let available):
      "no scenario named '\(name)' (there are: \(available.joined(separator: ", ")))"
    }
  }
}
