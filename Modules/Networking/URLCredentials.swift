import Foundation

/// HTTP credentials taken out of a URL's user info (`http://user:secret@host/`), so that the URL the app shows,
/// keys its cache with and records is free of them: only the HTTP client, which sends them to the same origin,
/// holds the secret.
public struct URLCredentials: Sendable, Hashable {
  /// The user name, percent-decoded.
  public var user: String
  /// The password, percent-decoded (empty when the URL gave none).
  public var password: String
  /// `scheme://host:port` the credentials belong to; requests to any other origin go without them.
  public var origin: String

  public init(user: String, password: String, origin: String) {
    self.user = user
    self.password = password
    self.origin = origin
  }

  /// `url` without its user info, and the credentials it held (`nil` when it held none).
  public static func split(_ url: URL) -> (url: URL, credentials: URLCredentials?) {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      components.user != nil || components.password != nil
    else { return (url, nil) }
    let credentials = URLCredentials(
      user: components.user ?? "", password: components.password ?? "", origin: origin(of: url))
    components.user = nil
    components.password = nil
    return (components.url ?? url, credentials)
  }

  /// `scheme://host:port` of `url` (the scheme's default port when none is written), lowercased.
  public static func origin(of url: URL) -> String {
    let scheme = (url.scheme ?? "").lowercased()
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)://\((url.host ?? "").lowercased()):\(port)"
  }

  /// `text` with the user info of anything that looks like a URL in it replaced by `***`
  /// (`http://user:secret@host/` → `http://***@host/`), for messages about text that may not even parse.
  ///
  /// A password may hold `/`, `?` or `#` unencoded (which is what makes such a URL invalid), so everything from
  /// `://` to the last `@` before the next whitespace is hidden: `http://host/path@x` loses its path too, which is
  /// the safe side for a message.
  public static func redact(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let scheme = rest.range(of: "://") {
      result += rest[..<scheme.upperBound]
      rest = rest[scheme.upperBound...]
      let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
      if let at = rest[..<end].lastIndex(of: "@") {
        result += "***"
        rest = rest[at...]
      }
    }
    return result + rest
  }
}

extension URL {
  /// This URL without user name and password: what may be shown, logged, cached or recorded.
  public var withoutUserInfo: URL { URLCredentials.split(self).url }
}
