import Foundation

/// An action of an assembled app: a feature's own action addressed to the slot it is mounted in, or an app-wide
/// event. Routing is by slot, so it costs the same however many features are mounted.
public enum AppAction: Sendable, Equatable {
  /// `action` belongs to the feature in `slot`.
  case feature(slot: Int, action: any Equatable & Sendable)
  /// An app-wide event, broadcast to the features that accept it.
  case app(AppEvent)
  /// Persisted state read at launch, applied to the feature in `slot` by its ``FeatureKit/StatePersistence``.
  /// Restoring is an action like any other, so the state changes only in the reducer and logs replay it.
  case restore(slot: Int, version: Int, data: Data)

  /// The slot an action belongs to, or `nil` for app-wide events (the store's partition function).
  @inline(__always)
  public var slot: Int? {
    switch self {
    case .feature(let slot, _), .restore(let slot, _, _): slot
    case .app: nil
    }
  }

  public static func == (lhs: AppAction, rhs: AppAction) -> Bool {
    switch (lhs, rhs) {
    case (.app(let a), .app(let b)): return a == b
    case (.restore(let slotA, let versionA, let dataA), .restore(let slotB, let versionB, let dataB)):
      return slotA == slotB && versionA == versionB && dataA == dataB
    case (.feature(let slotA, let a), .feature(let slotB, let b)):
      guard slotA == slotB else { return false }
      func equal<T: Equatable>(_ a: T) -> Bool { (b as? T) == a }
      return equal(a)
    default: return false
    }
  }
}
