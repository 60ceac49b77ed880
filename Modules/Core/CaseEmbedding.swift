/// The kits' one idiom on the action side: a kit is told the case of the feature's action that carries its actions
/// by the case's constructor (`Action.load`, `Action.save`), and finds out whether an action is that case from the
/// constructor alone — no protocol to adopt, no `var load: LoadAction?` to write.
///
/// How: the action's payload is read by reflection (`Mirror`: an enum case's one child is its payload) and kept only
/// when the constructor builds the very same action from it (`embed(payload) == action`), so another case with a
/// payload of the same type is never mistaken for it. An action that *is* the kit's action (`typealias Action =
/// LoadAction<…>`, an identity constructor) is its own payload.
package enum CaseEmbedding {
  /// The payload of `action` when `action` is the case `embed` builds, else `nil`.
  package static func extract<Action: Equatable, Payload>(
    _ embed: (Payload) -> Action, from action: Action
  ) -> Payload? {
    if let payload = action as? Payload, embed(payload) == action { return payload }
    let mirror = Mirror(reflecting: action)
    guard mirror.displayStyle == .enum, let child = mirror.children.first,
      let payload = child.value as? Payload, embed(payload) == action
    else { return nil }
    return payload
  }
}
