/// The state of an assembled app: one slice per mounted feature, in mount order (the feature's *slot*).
///
/// Read a feature's slice with ``subscript(_:as:)``, or watch it without knowing its type through ``slice(at:)``.
/// Copies are cheap (an array of references); a slice is copied only when it changes while an older copy of the
/// state is held — so nothing on the dispatch path holds one across an action (subscribers watch
/// ``slice(at:)`` tokens, DevTools rebuilds past states from its base): an action costs the same whether the
/// feature holds 100 items or 100,000.
public struct AppState: Sendable, Equatable {
  package var slices: ContiguousArray<SliceBox>
  /// The mount keys, by slot.
  public let keys: [String]

  package init(slices: ContiguousArray<SliceBox>, keys: [String]) {
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

  /// A token for the state of the feature in `slot`: unequal to a token taken earlier once that feature's reducer
  /// has run since, equal otherwise. What a front end that draws features it does not know selects to be told
  /// when one of them may have changed:
  /// `store.subscribe(partition: slot, select: { $0.slice(at: slot) }) { _ in redraw() }`.
  ///
  /// It holds no part of the state, so watching a feature never makes its reducer copy the slice (with a list of
  /// 100,000 items, a copy per action). The price: an action the reducer ran for but that left the state equal
  /// still counts as a change (the watcher redraws an identical frame).
  public func slice(at slot: Int) -> Slice { Slice(stamp: slices[slot].stamp) }

  /// One feature's state as a change token (see ``AppState/slice(at:)``).
  public struct Slice: Sendable, Equatable, Hashable {
    let stamp: UInt64
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
    let box = unsafeDowncast(slices[slot], to: TypedSlice<State>.self)
    box.stamp = SliceBox.freshStamp()
    body(&box.state)
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
