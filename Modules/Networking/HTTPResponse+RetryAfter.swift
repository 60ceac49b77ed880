import Foundation

extension HTTPResponse {
  /// How long the server asks the client to wait before trying again (`Retry-After`, RFC 9110 §10.2.3: a number of
  /// seconds, or an HTTP date), at most `limit`; `nil` without the header or when it is neither. A date in the past
  /// is no wait (`.zero`); `now` is the caller's clock (the query layer's injected one), which a date is read against.
  public func retryAfter(now: Date, limit: Duration) -> Duration? {
    guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    let seconds: Double
    if value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
      // Many digits are a long wait, whatever their value: bounded before it is read.
      seconds = value.utf8.count > 9 ? .infinity : Double(value) ?? .infinity
    } else if value.utf8.count <= 64, let date = Self.httpDate(value) {
      seconds = max(0, date.timeIntervalSince(now))
    } else {
      return nil
    }
    let bound = max(limit, .zero)
    guard seconds.isFinite, seconds < Double(bound.components.seconds) + 1 else { return bound }
    return min(.milliseconds(Int64((seconds * 1000).rounded())), bound)
  }

  /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the HTTP date servers send.
  private static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.date(from: text)
  }
}
