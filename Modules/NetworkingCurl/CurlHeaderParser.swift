import Networking

/// Parses the header lines libcurl delivered for a transfer into ``Networking/HTTPHeaders``, keeping only the
/// final response's (a status line, after a redirect or `100 Continue`, starts over). Works on bytes.
enum CurlHeaderParser {
  /// The headers of the last response in `block`: lines ending in CRLF (or LF), status lines included.
  static func parse(_ block: [UInt8]) -> HTTPHeaders {
    var headers = HTTPHeaders()
    block.withUnsafeBufferPointer { bytes in
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        consume(bytes, start, end, into: &headers)
        start = end + 1
      }
    }
    return headers
  }

  private static func consume(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ start: Int,
    _ end: Int,
    into headers: inout HTTPHeaders
  ) {
    var end = end
    while end > start, bytes[end - 1] == 0x0D { end -= 1 }
    if end - start >= 5, bytes[start] == 0x48, bytes[start + 1] == 0x54, bytes[start + 2] == 0x54,
      bytes[start + 3] == 0x50, bytes[start + 4] == 0x2F
    {
      headers = HTTPHeaders()  // "HTTP/": a new response starts
      return
    }
    guard let colon = bytes[start..<end].firstIndex(of: 0x3A) else { return }
    let name = trimmed(bytes, start, colon)
    guard !name.isEmpty else { return }
    let value = trimmed(bytes, colon + 1, end)
    headers.add(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
  }

  private static func trimmed(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ start: Int,
    _ end: Int
  ) -> Slice<UnsafeBufferPointer<UInt8>> {
    var start = start
    var end = end
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return bytes[start..<end]
  }
}
