import FeatureKit
import MutationKit
import Presentation

extension ProfileFeature {
  /// The Profile screen for `state`: a spinner while loading, the error with Retry, or the personal sections and
  /// the information tabs with Edit profile and Refresh (with the detail overlay above them when an item is open).
  /// The Edit profile form, when open, is an overlay above whichever of these shows (it stays open over a refresh).
  /// While a save is in flight (``FeatureKit/MutationPhase/sending(_:)``) the personal sections show its patch.
  public static func present(_ state: State) -> ViewNode<Action> {
    let screen = screen(state)
    guard let form = state.form else { return screen }
    let dialog: OverlayNode<Action>
    if case .conflict(let patch, let message) = state.save.phase {
      dialog = conflictOverlay(patch, message: message, theirs: state.load.content?.personal)
    } else {
      dialog = editOverlay(form, save: state.save.phase, canSave: state.canSave)
    }
    let overlay = ViewNode<Action>.overlay(dialog)
    if case .stack(let children) = screen { return .stack(children + [overlay]) }
    return .stack([screen, overlay])
  }

  /// The screen under any form.
  static func screen(_ state: State) -> ViewNode<Action> {
    switch state.load.phase {
    case .idle, .empty:  // never empty: ProfileContent always has the personal data
      return .stack([.empty("Profile has not been loaded yet."), .button(label: "Load", action: .load(.refresh))])
    case .loading:
      return .spinner("Loading profile...")
    case .failed(let message):
      return .error(message: message, retry: .load(.retry))
    case .loaded(let content):
      // A save in flight shows as made from the frame right after Save: the reducer set `.sending(patch)` in the
      // Save's own dispatch, while the query layer's re-read (which brings the same change to this and every other
      // screen) answers a moment later. A refusal ends the sending phase, and this with it.
      var personal = content.personal
      if case .sending(let patch) = state.save.phase { personal = patch.applied(to: personal) }
      var children: [ViewNode<Action>] = personalSections(personal)
      let tabs = InformationTab.allCases.map { tab in
        Tab(label: tab.label, isSelected: tab == state.selectedTab, action: Action.selectTab(tab))
      }
      let list = informationList(content.items(state.selectedTab), tab: state.selectedTab, select: choose)
      children.append(.section(title: "Information", children: [.tabs(tabs, content: list)]))
      if let queued = state.save.phase.queuedNote { children.append(.text(queued, .secondary)) }
      children.append(.button(label: "Edit profile", action: .editProfile, isEnabled: !state.save.isSending))
      children.append(.button(label: "Refresh", action: .load(.refresh)))
      if let detail = state.detail, state.form == nil {
        children.append(.overlay(overlay(detail)))
      }
      return .stack(children)
    }
  }

  /// The Edit profile form: its fields as FeatureKit's form kit draws them (``ProfileEditForm/fields``: each with the
  /// rule it breaks under it, else its rules in words, so nothing moves while typing), a spinner while saving or the
  /// save's error with Retry, and Save / Cancel. Save is disabled unless `canSave`; while saving the fields and Cancel
  /// are disabled too and Escape does nothing.
  static func editOverlay(
    _ form: ProfileEditForm, save: MutationPhase<ProfilePersonalPatch, ProfilePersonal>, canSave: Bool
  ) -> OverlayNode<Action> {
    let isSaving = save.isSending
    var content = ProfileEditForm.fields.map { field in
      field.view(
        form.draft[field.key], id: "profile.\(field.key)", message: field.problem(form.draft[field.key]),
        isEnabled: !isSaving, change: { Action.edited(field.key, $0) })
    }
    switch save {
    case .sending: content.append(.spinner("Saving profile..."))
    case .failed(_, let message): content.append(.error(message: message, retry: .save(.retry)))
    case .idle, .sent, .queued, .conflict: break
    }
    return OverlayNode(
      title: "Edit profile",
      content: .stack(content),
      buttons: [
        OverlayButton(label: "Save", action: .save(.submit(form.patch)), isEnabled: canSave, isDefault: true),
        OverlayButton(label: "Cancel", action: .cancelEdit, isEnabled: !isSaving),
      ],
      dismiss: isSaving ? nil : .cancelEdit)
  }

  /// The conflict dialog, in place of the form while a save meets a change someone else made since the profile was
  /// shown (``FeatureKit/MutationPhase/conflict(_:message:)``): the message, yours (`patch`) beside theirs (the
  /// profile the screen read again, when it has), and three choices — Edit again (the default, focused: it loses
  /// nothing, and Escape does the same), Keep mine (sent again over theirs) and Take theirs (the form closes, the
  /// server's profile stays).
  static func conflictOverlay(
    _ patch: ProfilePersonalPatch, message: String, theirs: ProfilePersonal?
  ) -> OverlayNode<Action> {
    func row(_ label: String, _ mine: String?, _ theirs: String?) -> Field? {
      guard let mine else { return nil }
      return Field(label, "yours: \(mine) - theirs: \(theirs ?? "?")")
    }
    let rows = [
      row("Nickname", patch.nickname, theirs?.nickname),
      row("Self-introduction", patch.introduction, theirs?.introduction),
    ].compactMap { $0 }
    return OverlayNode(
      title: "Changed on the server",
      content: .stack([.text(message), .fields(rows)]),
      buttons: [
        OverlayButton(label: "Edit again", action: .save(.reset), isDefault: true),
        OverlayButton(label: "Keep mine", action: .save(.retry)),
        OverlayButton(label: "Take theirs", action: .cancelEdit),
      ],
      dismiss: .save(.reset))
  }

  /// Personal data, self-introduction, points and history, and social links, in screen order.
  static func personalSections<A: Sendable>(_ personal: ProfilePersonal) -> [ViewNode<A>] {
    let history = personal.histories
    return [
      .section(
        title: "Personal",
        children: [
          .fields([
            Field("Nickname", personal.nickname),
            Field("Member since", personal.memberSince ?? "-"),
            Field("Avatar", personal.avatarURL?.absoluteString ?? "-"),
            Field("Background", personal.backgroundImageURL?.absoluteString ?? "-"),
          ])
        ]),
      .section(title: "Self-introduction", children: [.text(personal.introduction)]),
      .section(
        title: "Points & History",
        children: [
          .fields([
            Field("Profile views", String(history.profileViewCount)),
            Field("Articles posted", String(history.articlePostCount)),
            Field("Page views", String(history.totalPageViewCount)),
            Field("Available points", String(history.totalAvailablePoints)),
            Field("Coupons used", String(history.totalUseCouponCount)),
            Field("Shops visited", String(history.totalVisitShopCount)),
          ])
        ]),
      .section(
        title: "Social Links",
        children: [
          .fields(personal.socialLinks.map { Field($0.service.label, $0.url?.absoluteString ?? "-") })
        ]),
    ]
  }

  /// One information tab's items as a list (title; label and date; body), or an empty hint. Rows choose their
  /// item with `select` (none when `nil`, for output that cannot act).
  static func informationList<A: Sendable>(
    _ items: [InformationItem], tab: InformationTab, select: (@Sendable (InformationTab, Int) -> A)?
  ) -> ViewNode<A> {
    guard !items.isEmpty else { return .empty("Nothing in \(tab.label) yet.") }
    return .list(
      ListNode(
        items: items.map { item in
          ListItem(
            id: "\(tab.rawValue)-\(item.id)", title: item.title,
            subtitle: [item.label, item.publishedDate ?? ""].filter { !$0.isEmpty }.joined(separator: " - "),
            detail: item.body, action: select?(tab, item.id))
        }))
  }

  /// The detail overlay of one information item, closed with ``Action/closeDetail``.
  static func overlay(_ detail: ProfileDetail) -> OverlayNode<Action> {
    let labelName = detail.tab == .comments ? "Emotion" : "Category"
    return OverlayNode(
      title: detail.item.title,
      content: .stack([
        .fields([
          Field("Tab", detail.tab.label),
          Field(labelName, detail.item.label),
          Field("Published", detail.item.publishedDate ?? "-"),
        ]),
        .text(detail.item.body),
      ]),
      buttons: [OverlayButton(label: "Close", action: .closeDetail, isDefault: true)],
      dismiss: .closeDetail)
  }
}
