import FixtureData

/// Which faults the server injects where: a list for every resource plus a list per resource.
///
/// A request to resource `r` gets `global` followed by `endpoints[r]`, followed by any faults named in its
/// `X-Kumiki-Fault` header. Of that list all latencies add up, and the last non-latency fault decides the
/// response; so a per-endpoint fault overrides a global one, and a header overrides both.
public struct FaultPlan: Sendable, Hashable {
  /// Faults for every resource.
  public var global: [InjectedFault]
  /// Faults per resource name. Empty lists are dropped.
  public private(set) var endpoints: [String: [InjectedFault]]

  /// Creates a plan.
  public init(global: [InjectedFault] = [], endpoints: [String: [InjectedFault]] = [:]) {
    self.global = global
    self.endpoints = endpoints.filter { !$0.value.isEmpty }
  }

  /// Whether nothing is injected anywhere.
  public var isEmpty: Bool { global.isEmpty && endpoints.isEmpty }

  /// The faults set for one scope (not including the global ones for an endpoint). Setting `[]` clears it.
  public subscript(scope: FaultScope) -> [InjectedFault] {
    get {
      switch scope {
      case .global: return global
      case .endpoint(let name): return endpoints[name] ?? []
      }
    }
    set {
      switch scope {
      case .global: global = newValue
      case .endpoint(let name): endpoints[name] = newValue.isEmpty ? nil : newValue
      }
    }
  }

  /// The faults that apply to a request for `resource`, before any request header: global, then per endpoint.
  public func faults(forResource resource: String) -> [InjectedFault] {
    global + (endpoints[resource] ?? [])
  }

  /// Adds one `[SCOPE:]FAULT` rule as given to `--fault`, e.g. `latency=200` (global) or
  /// `posts:status=500`. `*:` also means global.
  /// - Throws: ``FaultSpecError`` when the fault part does not parse.
  public mutating func add(rule: String) throws(FaultSpecError) {
    let parts = rule.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    if parts.count == 2 {
      guard !parts[0].isEmpty else { throw FaultSpecError(spec: rule, reason: "empty endpoint name before ':'") }
      self[FaultScope(parts[0])].append(try InjectedFault(parsing: parts[1]))
    } else {
      global.append(try InjectedFault(parsing: rule))
    }
  }

  /// The plan as served by `GET /__faults`: `{"global": ["latency=200"], "endpoints": {"posts":
  /// ["status=500"]}}`, endpoints sorted by name.
  public var json: JSONValue {
    let endpointMembers = endpoints.keys.sorted().map { name in
      (name, JSONValue.array((endpoints[name] ?? []).map { .string($0.description) }))
    }
    return .object(
      JSONObject([
        ("global", .array(global.map { .string($0.description) })),
        ("endpoints", .object(JSONObject(endpointMembers))),
      ]))
  }

  /// Reads the ``json`` shape back; both keys are optional.
  /// - Throws: ``FaultSpecError`` for a wrong shape or an unknown fault.
  public init(json: JSONValue) throws(FaultSpecError) {
    guard case .object(let object) = json else {
      throw FaultSpecError(spec: JSONWriter(prettyPrinted: false).string(of: json), reason: "expected an object")
    }
    self.init()
    for key in object.keys where key != "global" && key != "endpoints" {
      throw FaultSpecError(spec: key, reason: "unknown key; expected \"global\" and/or \"endpoints\"")
    }
    if let global = object["global"] {
      self.global = try Self.faults(from: global)
    }
    if let endpoints = object["endpoints"] {
      guard case .object(let byName) = endpoints else {
        throw FaultSpecError(spec: "endpoints", reason: "expected an object of fault lists")
      }
      for member in byName.members {
        self[.endpoint(member.key)] = try Self.faults(from: member.value)
      }
    }
  }

  /// Parses a JSON array of fault spellings.
  /// - Throws: ``FaultSpecError`` when `json` is not an array of strings or a spelling is unknown.
  public static func faults(from json: JSONValue) throws(FaultSpecError) -> [InjectedFault] {
    guard case .array(let elements) = json else {
      throw FaultSpecError(
        spec: JSONWriter(prettyPrinted: false).string(of: json), reason: "expected an array of fault strings")
    }
    var faults: [InjectedFault] = []
    for element in elements {
      guard case .string(let spec) = element else {
        throw FaultSpecError(spec: JSONWriter(prettyPrinted: false).string(of: element), reason: "expected a string")
      }
      faults.append(try InjectedFault(parsing: spec))
    }
    return faults
  }
}
