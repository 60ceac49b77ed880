/// An HTTP request method such as `GET` or `POST`.
///
/// Any token is accepted; the common ones are provided as static members.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method token as sent on the wire, for example `"GET"`.
  public var rawValue: String

  /// Creates a method from its wire token. The token is upper-cased.
  public init(rawValue: String) {
    self.rawValue = rawValue.uppercased()
  }

  /// `GET`: read a resource.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `HEAD`: like `GET`, without a response body.
  public static let head = HTTPMethod(rawValue: "HEAD")
  /// `POST`: submit a body.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`: replace a resource.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `PATCH`: modify a resource in part.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `DELETE`: remove a resource.
  public static let delete = HTTPMethod(rawValue: "DELETE")
  /// `OPTIONS`: ask what the server allows.
  public static let options = HTTPMethod(rawValue: "OPTIONS")

  /// The wire token.
  public var description: String { rawValue }
}
