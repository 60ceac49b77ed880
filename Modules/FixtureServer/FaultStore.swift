import FixtureData
import Synchronization

/// The live, thread-safe fault plan of one running server, shared by its request handlers, its control
/// endpoint and the in-process API.
final class FaultStore: Sendable {
  private let plan: Mutex<FaultPlan>

  init(_ plan: FaultPlan) {
    self.plan = Mutex(plan)
  }

  /// The current plan.
  var current: FaultPlan {
    plan.withLock { $0 }
  }

  /// Replaces the whole plan.
  func replace(with newPlan: FaultPlan) {
    plan.withLock { $0 = newPlan }
  }

  /// Replaces the faults of one scope and returns the resulting plan.
  @discardableResult
  func set(_ faults: [InjectedFault], for scope: FaultScope) -> FaultPlan {
    plan.withLock { plan in
      plan[scope] = faults
      return plan
    }
  }
}
