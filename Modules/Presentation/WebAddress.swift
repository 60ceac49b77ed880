import Foundation

/// Validates the image addresses the API sends.
public enum WebAddress {
  /// The URL when `text` is an absolute `http` or `https` address with a host, otherwise `nil`.
  public static func parse(_ text: String) -> URL? {
    guard !text.isEmpty, !containsWhitespace(text), let url = URL(string: text),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host(percentEncoded: false), !host.isEmpty
    else { return nil }
    return url
  }

  /// Whether any character of `text` is whitespace (`Character.isWhitespace`). ASCII text, what addresses are, is
  /// judged by its bytes (tab, line feed, vertical tab, form feed, carriage return, space: the ASCII whitespace
  /// characters), which costs a few instructions a byte instead of a few hundred a character.
  static func containsWhitespace(_ text: String) -> Bool {
    var ascii = true
    for byte in text.utf8 {
      if byte >= 0x80 {
        ascii = false
        break
      }
      if byte == 0x20 || (0x09...0x0D).contains(byte) { return true }
    }
    return ascii ? false : text.contains(where: \.isWhitespace)
  }
}
