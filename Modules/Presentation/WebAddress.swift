import Foundation

/// Validates the image addresses the API sends.
public enum WebAddress {
  /// The URL when `text` is an absolute `http` or `https` address with a host, otherwise `nil`.
  public static func parse(_ text: String) -> URL? {
    guard !text.isEmpty, !text.contains(where: \.isWhitespace), let url = URL(string: text),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host(percentEncoded: false), !host.isEmpty
    else { return nil }
    return url
  }
}
