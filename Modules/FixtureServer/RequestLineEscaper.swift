import FixtureData
import NIOCore

/// Percent-encodes raw non-ASCII bytes in HTTP/1 request lines before NIO's strict parser sees them.
///
/// json-server (Node) accepts `GET /images?q=カレー` sent unencoded, as `curl` does with a literal URL;
/// llhttp in SwiftNIO rejects it with `400`. This handler sits first in the pipeline and rewrites bytes ≥ 0x80 in
/// each request line as `%XX`, leaving header and body bytes untouched. It follows `Content-Length` to find the
/// next request line on keep-alive connections and steps aside for good on a chunked request body.
final class RequestLineEscaper: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private enum State {
    /// `length` counts the bytes other than CR and LF seen so far in the line.
    case requestLine(length: Int)
    case headers(line: [UInt8], contentLength: Int, chunked: Bool)
    case body(remaining: Int)
    case passThrough
  }

  /// Header lines longer than this are not inspected (they cannot be `Content-Length` or `Transfer-Encoding`).
  private static let maximumInspectedLine = 1024
  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private var state = State.requestLine(length: 0)

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .passThrough = state { return context.fireChannelRead(data) }
    let input = unwrapInboundIn(data)
    var output = context.channel.allocator.buffer(capacity: input.readableBytes + 16)
    let bytes = input.readableBytesView
    var index = bytes.startIndex
    while index < bytes.endIndex {
      // A body is copied as a whole, not byte by byte.
      if case .body(let remaining) = state {
        let end = bytes.index(index, offsetBy: min(remaining, bytes.endIndex - index))
        output.writeBytes(bytes[index..<end])
        state = remaining > end - index ? .body(remaining: remaining - (end - index)) : .requestLine(length: 0)
        index = end
        continue
      }
      if case .passThrough = state {
        output.writeBytes(bytes[index...])
        break
      }
      let byte = bytes[index]
      index += 1
      switch state {
      case .requestLine(let length):
        if byte >= 0x80 {
          output.writeBytes([UInt8(ascii: "%"), Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)]])
          state = .requestLine(length: length + 1)
        } else if byte == 0x0A {
          output.writeInteger(byte)
          // A request line ends at LF; a blank line before it (allowed between requests) just restarts it.
          if length > 0 { state = .headers(line: [], contentLength: 0, chunked: false) }
        } else {
          output.writeInteger(byte)
          if byte != 0x0D { state = .requestLine(length: length + 1) }
        }
      case .headers(var line, var contentLength, var chunked):
        output.writeInteger(byte)
        guard byte == 0x0A else {
          if line.count < Self.maximumInspectedLine { line.append(byte) }
          state = .headers(line: line, contentLength: contentLength, chunked: chunked)
          continue
        }
        if line.last == 0x0D { line.removeLast() }
        if line.isEmpty {
          state =
            chunked ? .passThrough : (contentLength > 0 ? .body(remaining: contentLength) : .requestLine(length: 0))
          continue
        }
        let text = String(decoding: line, as: UTF8.self).lowercased()
        if text.hasPrefix("content-length:") {
          contentLength = Int(String(text.dropFirst("content-length:".count)).trimmingWhitespace()) ?? 0
        } else if text.hasPrefix("transfer-encoding:") {
          chunked = true
        }
        state = .headers(line: [], contentLength: contentLength, chunked: chunked)
      case .body, .passThrough:
        preconditionFailure("bodies and pass-through are copied whole above")
      }
    }
    context.fireChannelRead(wrapInboundOut(output))
  }
}
