import Synchronization

/// One feature's state inside ``AppState``, boxed so the app state is an array of references with manual
/// copy-on-write: a slice is copied only when it is about to change while someone else holds the old state.
///
/// Each box carries a *stamp*, unique in the process, renewed every time the reducer runs on the slice: what
/// ``AppState/Slice`` compares, so a front end can watch a slice for changes without holding it (holding the old
/// value would make the reducer copy the slice, all its items, before every change).
package class SliceBox: @unchecked Sendable {
  // @unchecked: a box is mutated only by the store's reducer, under the dispatch lock, and only while it is
  // uniquely referenced (see `AppState.modify`); once shared it is never mutated again.

  /// Where stamps come from: shared by every store in the process, so two stamps are equal only if they were
  /// given to one value of one slice.
  private static let stamps = Atomic<UInt64>(0)

  /// A stamp never given before.
  @inline(__always)
  static func freshStamp() -> UInt64 { stamps.wrappingAdd(1, ordering: .relaxed).newValue }

  /// The stamp of the value the box holds: equal stamps mean equal values (a copy keeps the stamp until it
  /// changes).
  @exclusivity(unchecked) final var stamp: UInt64

  init(stamp: UInt64) { self.stamp = stamp }

  func copy() -> SliceBox { fatalError("abstract") }
  package func isEqual(to other: SliceBox) -> Bool { fatalError("abstract") }
  var value: Any { fatalError("abstract") }
}

final class TypedSlice<State: Sendable & Equatable>: SliceBox, @unchecked Sendable {
  // @unchecked: see SliceBox.
  // Mutated only under the store's dispatch lock while uniquely referenced (see SliceBox).
  @exclusivity(unchecked) var state: State

  init(_ value: State, stamp: UInt64 = SliceBox.freshStamp()) {
    self.state = value
    super.init(stamp: stamp)
  }

  override var value: Any { state }

  override func copy() -> SliceBox { TypedSlice(state, stamp: stamp) }

  override func isEqual(to other: SliceBox) -> Bool {
    guard let other = other as? TypedSlice<State> else { return false }
    return stamp == other.stamp || state == other.state
  }
}
