import Core
import FeatureKit
import MutationKit
import Networking
import Presentation
import ToastKit

extension FeatureModule where State == Form, Action == FormAction {
  /// A whole form feature from its fields: a tab with one control per field (``FormField/view(_:id:message:isEnabled:change:)``)
  /// and Send, disabled until every field keeps its rules; below Send where the send stands (a spinner, the error
  /// with Retry, the outbox's note), so nothing above it moves; `kumiki <key> submit --<option> VALUE…`
  /// (``FeatureKit/FeatureDescription/form(key:title:fields:)``); and the send on FeatureKit's write shape
  /// (``Core/Middleware/mutation(id:state:action:intent:write:)``, effect `<key>.send`), which `send` carries
  /// out: in the apps a POST through the query layer, whose outbox keeps it while the API cannot be reached.
  ///
  /// `intent` declares what a send changes besides its own path (tags to invalidate, the optimistic change a list of
  /// the items shows at once), as for any write ("Writes").
  public static func form(
    _ description: FeatureDescription, fields: [FormField],
    intent: @escaping @Sendable (FormDraft) throws -> WriteIntent = { _ in WriteIntent() },
    send: @escaping @Sendable (FormDraft) async throws -> FormDraft
  ) -> Self {
    FeatureModule(
      key: description.key, title: description.title, initialState: Form(fields),
      reducer: Reducer { state, action in state.reduce(action, fields: fields) },
      middlewares: [
        .mutation(
          id: EffectID("\(description.key).send"), state: \.send, action: FormAction.send,
          intent: intent, write: send)
      ],
      present: { present($0, fields: fields, key: description.key) },
      commands: [FeatureCommand.submit(fields, title: description.title)],
      receive: { event in
        if case .appear = event { .appeared } else { nil }
      }
    ).withToasts(\.toast, expired: FormAction.toastExpired)
  }

  /// ``form(_:fields:intent:send:)`` whose send is `POST /<key>` on the API, the draft as its JSON body, answered by the
  /// item the server stored.
  public static func form(
    _ description: FeatureDescription, fields: [FormField],
    intent: @escaping @Sendable (FormDraft) throws -> WriteIntent = { _ in WriteIntent() },
    dependencies: FeatureDependencies
  ) -> Self {
    let (http, url) = (dependencies.http, dependencies.apiURL.appending(path: description.key))
    return form(description, fields: fields, intent: intent) { draft in
      try await http.json(FormDraft.self, try HTTPRequest.json(.post, url, body: draft))
    }
  }

  /// The form's screen for `form`.
  static func present(_ form: Form, fields: [FormField], key: String) -> ViewNode<FormAction> {
    let isSending = form.send.isSending
    var children = fields.map { field in
      field.view(
        form.draft[field.key], id: "\(key).\(field.key)", message: form.message(field), isEnabled: !isSending,
        change: { FormAction.edited(field.key, $0) })
    }
    children.append(.button(label: "Send", action: .send(.submit(form.draft)), isEnabled: form.canSend(fields)))
    switch form.send.phase {
    case .sending: children.append(.spinner("Sending..."))
    case .failed(_, let message): children.append(.error(message: message, retry: .send(.retry)))
    case .conflict(_, let message):
      // A send conditional on an item someone changed since (a custom `send` with `If-Match`): Edit again first.
      children.append(.text(message, .secondary))
      children.append(.button(label: "Edit again", action: .send(.reset)))
      children.append(.button(label: "Keep mine", action: .send(.retry)))
    case .queued: children.append(.text(form.send.phase.queuedNote ?? "", .secondary))
    case .idle, .sent: break
    }
    return .stack(children)
  }
}

extension FeatureDescription {
  /// A form's description, read without building it: a tab and its `submit` command (what
  /// ``FeatureModule/form(_:fields:intent:send:)`` mounts).
  public static func form(key: String, title: String, fields: [FormField]) -> Self {
    FeatureDescription(key: key, title: title, screen: .tab, commands: [FeatureCommand.submit(fields, title: title)])
  }
}
