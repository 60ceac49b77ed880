/// One feature's state inside ``AppState``, boxed so the app state is an array of references with manual
/// copy-on-write: a slice is copied only when it is about to change while someone else holds the old state.
class SliceBox: @unchecked Sendable {
  // @unchecked: a box is mutated only by the store's reducer, under the dispatch lock, and only while it is
  // uniquely referenced (see `AppState.modify`); once shared it is never mutated again.
  func copy() -> SliceBox { fatalError("abstract") }
  func isEqual(to other: SliceBox) -> Bool { fatalError("abstract") }
  var value: Any { fatalError("abstract") }
}

final class TypedSlice<State: Sendable & Equatable>: SliceBox, @unchecked Sendable {
  // @unchecked: see SliceBox.
  // Mutated only under the store's dispatch lock while uniquely referenced (see SliceBox).
  @exclusivity(unchecked) var state: State

  init(_ value: State) { self.state = value }

  override var value: Any { state }

  override func copy() -> SliceBox { TypedSlice(state) }

  override func isEqual(to other: SliceBox) -> Bool {
    guard let other = other as? TypedSlice<State> else { return false }
    return state == other.state
  }
}
