import FeatureKit
import Foundation
import LoadingScreenKit

/// `kumiki cache status` and `kumiki cache clear`: parsing, running and printing, text or `--json`.
enum CacheCommand: String, MaintenanceCommand, Sendable {
  case status, clear

  static let group = "cache"

  /// The help of `kumiki cache`.
  static let help = """
    Show or clear the response cache (what screens show when the API cannot be reached).

    USAGE: kumiki cache status|clear

    SUBCOMMANDS:
      status  Where the cache is, how many responses it holds and how old they are.
      clear   Remove every cached response (saved items and settings are not touched).

    The cache lives beside the database (kumiki.sqlite → kumiki-cache.sqlite), or at KUMIKI_CACHE.

    EXIT CODES:
      0   Success.
      1   Failure, with a one-line reason on standard error.
      64  Usage error: an unknown subcommand or option, or KUMIKI_CACHE naming the database.

    EXAMPLES:
      kumiki cache status
      kumiki cache clear --json

    """

  /// Runs the subcommand and prints its result; failures print one line and return 1.
  func run(
    _ maintenance: CacheMaintenance, options: CLIOptions, standardOutput: any TextStream,
    standardError: any TextStream
  ) async -> CLIExitCode {
    do {
      switch self {
      case .status:
        let report = try await maintenance.status(options)
        standardOutput.write(
          options.json ? try options.jsonText(Self.json(report), command: "cache status") : Self.text(report))
      case .clear:
        let (location, removed) = try await maintenance.clear(options)
        standardOutput.write(
          options.json
            ? try options.jsonText(
              .object([("location", .string(location)), ("removed", .int(removed))]), command: "cache clear")
            : "Removed \(removed) cached \(removed == 1 ? "response" : "responses") from \(TextLine.clean(location)).\n"
        )
      }
      return .success
    } catch let error as UsageError {
      standardError.write(error.report)
      return .usage
    } catch let error as CommandError {
      // A bad setting (KUMIKI_CACHE naming the database): a usage error.
      standardError.write(UsageError(TextLine.clean("cache \(rawValue): \(error.description)")).report)
      return .usage
    } catch {
      standardError.write("kumiki: cache \(rawValue): \(TextLine.clean(String(describing: error)))\n")
      return .failure
    }
  }

  static func text(_ report: CacheMaintenance.Report) -> String {
    var lines = [
      "Response cache: \(TextLine.clean(report.location))",
      "Entries: \(report.entries) of \(report.maxEntries) · \(bytes(report.bytes)) of \(bytes(report.maxBytes))",
    ]
    if let oldest = report.oldest, let newest = report.newest {
      lines.append("Fetched: \(oldest.fetchTimeText) – \(newest.fetchTimeText)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func json(_ report: CacheMaintenance.Report) -> JSONValue {
    .object([
      ("location", .string(report.location)),
      ("entries", .int(report.entries)),
      ("bytes", .int(report.bytes)),
      ("max_entries", .int(report.maxEntries)),
      ("max_bytes", .int(report.maxBytes)),
      ("oldest", report.oldest.map { .string(iso8601($0)) } ?? .null),
      ("newest", report.newest.map { .string(iso8601($0)) } ?? .null),
    ])
  }

  /// `512 B`, `48.3 KB`, `16.0 MB`.
  static func bytes(_ count: Int) -> String {
    switch count {
    case ..<1024: "\(count) B"
    case ..<(1 << 20): String(format: "%.1f KB", Double(count) / 1024)
    default: String(format: "%.1f MB", Double(count) / Double(1 << 20))
    }
  }

  static func iso8601(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: date)
  }
}
