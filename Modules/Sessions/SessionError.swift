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
  /// The message: one line, whatever a recording holds (see ``init(_:_:)``).
  public let description: String

  /// An error of `kind`. Line breaks and other control characters in `description` (text from a recording, say),
  /// and U+2028, U+2029, are written as `\u{…}`, so the message stays one line.
  public init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = Self.oneLine(description)
  }

  static func oneLine(_ text: String) -> String {
    guard
      text.unicodeScalars.contains(where: {
        $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029
      })
    else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029 {
        result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}
