/// The state of an assembled app: one slice per mounted feature, in mount order (the feature's *slot*).
///
/// Read a feature's slice with ``subscript(_:as:)`` or through the feature's scoped store. Copies are cheap
/// (an array of references); a slice is copied only when it changes while an older copy of the state is held.
public struct AppState: Sendable, Equatable {
  var slices: ContiguousArray<SliceBox>
  /// The mount keys, by slot.
  public let keys: [String]

  init(slices: ContiguousArray<SliceBox>, keys: [String]) {
    self.slices = slices
    self.keys = keys
  }

  /// The slice in `slot` if it has type `State`.
  public subscript<State: Sendable & Equatable>(slot slot: Int, as type: State.Type) -> State? {
    guard slices.indices.contains(slot) else { return nil }
    return (slices[slot] as? TypedSlice<State>)?.state
  }

  /// The slice mounted under `key` if it has type `State`.
  public subscript<State: Sendable & Equatable>(_ key: String, as type: State.Type) -> State? {
    guard let slot = keys.firstIndex(of: key) else { return nil }
    return self[slot: slot, as: type]
  }

  /// The slice in `slot`, known by construction to have type `State` (the registry's own paths).
  @inline(__always)
  func slice<State: Sendable & Equatable>(_ slot: Int, as type: State.Type) -> State {
    unsafeDowncast(slices[slot], to: TypedSlice<State>.self).state
  }

  /// Mutates the slice in `slot` in place, copying it first if an older state still shares it.
  @inline(__always)
  mutating func modify<State: Sendable & Equatable>(_ slot: Int, as type: State.Type, _ body: (inout State) -> Void) {
    if !isKnownUniquelyReferenced(&slices[slot]) { slices[slot] = slices[slot].copy() }
    body(&unsafeDowncast(slices[slot], to: TypedSlice<State>.self).state)
  }

  public static func == (lhs: AppState, rhs: AppState) -> Bool {
    guard lhs.keys == rhs.keys else { return false }
    for (a, b) in zip(lhs.slices, rhs.slices) where a !== b && !a.isEqual(to: b) { return false }
    return true
  }
}

extension AppState: CustomReflectable {
  /// Mirrors as `key: slice` pairs, so test diffs and dumps show the features' own state.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: zip(keys, slices).map { (label: Optional($0.0), value: $0.1.value as Any) },
      displayStyle: .struct
    )
  }
}
