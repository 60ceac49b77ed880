/// A route a feature can open, as declared in its contract: a name and typed, bounded parameters, with the
/// values a test opens it with. The declaration says nothing of the feature's own types.
public struct RouteDeclaration: Sendable, Equatable {
  /// One typed parameter.
  public struct Parameter: Sendable, Equatable {
    /// What a parameter accepts.
    public enum Kind: Sendable, Equatable {
      /// A whole number in the range.
      case int(ClosedRange<Int>)
      /// Text of 1 to `maxLength` characters, no control characters, not starting with `-` (it would read as an
      /// option on a command line).
      case string(maxLength: Int)
    }

    /// The parameter's name, shown in the route's pattern (`archive/item/<id>`).
    public var name: String
    /// What it accepts.
    public var kind: Kind
    /// A value it accepts, which the conformance suite opens the route with.
    public var sample: Route.Argument

    /// A whole-number parameter in `range` (`sample` must be in it).
    public static func int(_ name: String, in range: ClosedRange<Int>, sample: Int) -> Parameter {
      Parameter(name: name, kind: .int(range), sample: .int(sample))
    }

    /// A text parameter of at most `maxLength` characters.
    public static func string(_ name: String, maxLength: Int, sample: String) -> Parameter {
      Parameter(name: name, kind: .string(maxLength: maxLength), sample: .string(sample))
    }

    /// The argument checked against this parameter, typed (a number's text becomes the number); the reason it
    /// breaks the parameter otherwise.
    func check(_ argument: Route.Argument) -> (typed: Route.Argument?, reason: String?) {
      switch (kind, argument) {
      case (.int(let range), .int(let value)):
        guard range.contains(value) else {
          return (nil, "\(name) must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return (argument, nil)
      case (.int, .string(let text)):
        guard !text.isEmpty, text.count <= 19, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text)
        else { return (nil, "\(name) must be a whole number") }
        return check(.int(value))
      case (.string(let maxLength), .string(let text)):
        guard !text.isEmpty, text.count <= maxLength else {
          return (nil, "\(name) must be 1 to \(maxLength) characters")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
          return (nil, "\(name) must not contain control characters")
        }
        guard !text.hasPrefix("-") else { return (nil, "\(name) must not start with -") }
        return (argument, nil)
      case (.string, .int(let value)):
        return check(.string(String(value)))
      }
    }
  }

  /// The route's name within its owner (`item`).
  public var name: String
  /// Its parameters, in order.
  public var parameters: [Parameter]
  /// One line for `kumiki open`'s list of routes: what the route opens.
  public var abstract: String

  /// A route `name` with `parameters`.
  public init(_ name: String, parameters: [Parameter] = [], abstract: String) {
    self.name = name
    self.parameters = parameters
    self.abstract = abstract
  }

  /// The route's pattern on the mount `owner`: `archive/item/<id>`.
  public func pattern(owner: String) -> String {
    ([owner, name] + parameters.map { "<\($0.name)>" }).joined(separator: "/")
  }

  /// The route on `owner` with every parameter's sample.
  public func sample(owner: String) -> Route {
    Route(owner: owner, name: name, arguments: parameters.map(\.sample))
  }

  /// The route on `owner` with checked `values`, its arguments typed as the parameters say (`archive/item/6`).
  public func route(owner: String, values: RouteValues) -> Route {
    Route(owner: owner, name: name, arguments: parameters.map { values.values[$0.name] ?? $0.sample })
  }

  /// `arguments` checked against the parameters (count, type, bounds), as the values the feature reads.
  /// - Throws: ``RouteError/invalid(_:reason:)`` naming the parameter and its rule.
  public func values(of arguments: [Route.Argument], owner: String) throws(RouteError) -> RouteValues {
    guard arguments.count == parameters.count else {
      throw .invalid(
        pattern(owner: owner),
        reason: "takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s"), not \(arguments.count)")
    }
    var values: [String: Route.Argument] = [:]
    for (parameter, argument) in zip(parameters, arguments) {
      let (typed, reason) = parameter.check(argument)
      guard let typed else { throw .invalid(pattern(owner: owner), reason: reason ?? "\(parameter.name) is refused") }
      values[parameter.name] = typed
    }
    return RouteValues(values)
  }
}
