import ActionLog
import Foundation

/// A recorded session as read from its file: the header (if it has one) and its lines, actions not yet decoded.
public struct SessionRecording: Sendable, Equatable {
  /// What recorded it and which features were mounted; `nil` for a log without a header (an older DevTools export).
  public let header: ActionLogHeader?
  /// The recorded actions, in order.
  public let records: [ActionLogRecord]

  /// Parses a recording's text.
  /// - Throws: a ``SessionError/Kind/data`` error naming the first bad line.
  public init(parsing text: String) throws(SessionError) {
    do {
      (header, records) = try ActionLog.read(text)
    } catch {
      throw SessionError(.data, error.description)
    }
  }

  /// The largest recording read: 256 MiB (DevTools keeps 10,000 actions; a long recorded session is a few MiB).
  public static let maximumBytes = 256 << 20

  /// Reads and parses the recording at `path`.
  /// - Throws: ``SessionError/Kind/noInput`` when the file cannot be read (with the system's reason),
  ///   ``SessionError/Kind/data`` when it is not UTF-8 text or not a recording.
  public init(contentsOf path: String) throws(SessionError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw SessionError(.noInput, "cannot read \(path): no such file")
    }
    guard !isDirectory.boolValue else { throw SessionError(.noInput, "cannot read \(path): it is a directory") }
    // Only a regular file of bounded size: `/dev/zero` or a FIFO would be read forever.
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    guard attributes?[.type] as? FileAttributeType == .typeRegular else {
      throw SessionError(.noInput, "cannot read \(path): it is not a regular file")
    }
    let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
    guard size <= Self.maximumBytes else {
      throw SessionError(.data, "\(path) is \(size) bytes, more than a recording may be (\(Self.maximumBytes))")
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
      throw SessionError(.noInput, "cannot read \(path): \(reason)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw SessionError(.data, "\(path) is not UTF-8 text: not a recording")
    }
    do {
      try self.init(parsing: text)
    } catch {
      throw SessionError(error.kind, "\(path): \(error.description)")
    }
  }

  /// `kumiki-tui 0.1.0` or `an unknown app`, for messages.
  var recordedBy: String { header?.recordedBy ?? "an unknown app" }
}
