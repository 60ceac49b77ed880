/// Takes a feature's action out of the type-erased payload of ``AppAction/feature(slot:action:)``: `payload as?
/// Action`, with a fast path for a payload of exactly that type (the usual case) that opens the existential and
/// compares its type with `Action` instead of running the runtime's general dynamic cast, which cost a few hundred
/// instructions on every dispatch (Benchmarks/README.md, "Store").
@inline(__always)
func project<Action: Equatable & Sendable>(_ payload: any Equatable & Sendable, as type: Action.Type) -> Action? {
  opened(payload, as: Action.self)
}

/// `value` as `Action` when that is its type; `nil` otherwise.
@inline(__always)
private func opened<Value: Equatable & Sendable, Action>(_ value: Value, as type: Action.Type) -> Action? {
  guard ObjectIdentifier(Value.self) == ObjectIdentifier(Action.self) else { return value as? Action }
  return unsafeBitCast(value, to: Action.self)
}
