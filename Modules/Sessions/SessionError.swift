import ActionLog

/// Why a session could not be recorded, read, replayed or turned into a test. Each message is one line a user can
/// act on; ``kind`` says which exit status a command line gives it.
public struct SessionError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, as command lines classify it (`sysexits.h`).
  public enum Kind: Sendable, Equatable {
    /// The command line asked for something the recording cannot give (`--features` that differ, `--until`
    /// beyond its end, an unknown `--feature`): 64, `EX_USAGE`.
    case usage
    /// The recording cannot be read at all (no such file, permission): 66, `EX_NOINPUT`.
    case noInput
    /// The recording is malformed, comes from another schema, or mounts features this app lacks: 65, `EX_DATAERR`.
    case data
    /// An output file cannot be created: 73, `EX_CANTCREAT`.
    case cannotCreate
  }

  public let kind: Kind
  public let description: String

  public init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }
}
