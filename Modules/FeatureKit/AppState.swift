/// The state of an assembled app: one slice per mounted feature, in mount order (the feature's *slot*).
///
/// Read a feature's slice with ``subscript(_:as:)``, or watch it without knowing its type through ``slice(at:)``.
/// Copies are cheap (an array of references); a slice is copied only when it changes while an older copy of the
/// state is held.
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
    // `TypedSlice` is final, so comparing the box's class with it is `as?` without the runtime's cast: 16
    // instructions less per read, paid by every subscriber that reads a slice on every action of its partition.
    let box = slices[slot]
    guard ObjectIdentifier(Swift.type(of: box)) == ObjectIdentifier(TypedSlice<State>.self) else { return nil }
    return unsafeDowncast(box, to: TypedSlice<State>.self).state
  }

  /// The slice mounted under `key` if it has type `State`.
  public subscript<State: Sendable & Equatable>(_ key: String, as type: State.Type) -> State? {
    guard let slot = keys.firstIndex(of: key) else { return nil }
    return self[slot: slot, as: type]
  }

  /// The state of the feature in `slot` with its type erased: equal to a value taken earlier exactly when that
  /// feature's state is equal to what it was then. What a front end that draws features it does not know selects
  /// to be told when one of them changes:
  /// `store.subscribe(partition: slot, select: { $0.slice(at: slot) }) { _ in redraw() }`.
  ///
  /// Holding one shares the slice, so the feature's next change copies it first (like holding an older state).
  public func slice(at slot: Int) -> Slice { Slice(box: slices[slot]) }

  /// One feature's state, type-erased, compared with the feature's own `==` (see ``AppState/slice(at:)``).
  public struct Slice: Sendable, Equatable {
    let box: SliceBox

    /// Whether the two values hold equal states of one feature type (the same box, or equal by `==`).
    public static func == (lhs: Slice, rhs: Slice) -> Bool {
      lhs.box === rhs.box || lhs.box.isEqual(to: rhs.box)
    }
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
