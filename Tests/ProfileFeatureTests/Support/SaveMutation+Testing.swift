import CoreTesting
import FeatureKit
import MutationKit
import ProfileFeature

extension Mutation where Input == ProfilePersonalPatch, Output == ProfilePersonal {
  /// The save of `patch` just decided: in flight with token `request`, started by this action.
  static func sending(_ patch: ProfilePersonalPatch, request: Int = 1) -> Self {
    Self(phase: .sending(patch), request: request, startsWrite: true)
  }

  /// The save of request `request` accepted, answered with `personal`.
  static func sent(_ personal: ProfilePersonal, request: Int = 1) -> Self {
    Self(phase: .sent(personal), request: request)
  }

  /// The save of `patch` (request `request`) failed or refused with `message`.
  static func failed(_ patch: ProfilePersonalPatch, _ message: String, request: Int = 1) -> Self {
    Self(phase: .failed(patch, message: message), request: request)
  }
}

extension TestStore where State == ProfileFeature.State, Action == ProfileFeature.Action {
  /// The form's Save as the screen sends it: its changed fields (an empty patch when no form is open).
  var formSave: ProfileFeature.Action { .save(.submit(state.form?.patch ?? ProfilePersonalPatch())) }
}
