import FeatureKit
import FormKit
import Networking
import Presentation

extension ProfileFeature {
  /// `kumiki profile [--tab announcements|comments|recent]`: loads the profile and prints the personal data,
  /// introduction, counters, social links and the chosen information tab (default announcements). JSON:
  /// `{"personal":{...},"<tab>":[...]}` (shapes in the module's README).
  ///
  /// `kumiki profile edit [--nickname TEXT] [--intro TEXT]`: checks the given fields with ``ProfileEditForm/fields``'
  /// rules (a broken rule, naming its option, or neither option is a usage error: exit 64), sends them with `PATCH /profile_personal`
  /// (conditional on the profile this app last read: a change made since is a conflict, exit 3, `--json`
  /// `{"conflict":{"message":…,"yours":{…},"theirs":{…}}}`; running it again saves over theirs) and
  /// prints the profile the server answered (`--json`: `{"personal":{...},"origin":"network",…}`, the shape of
  /// `kumiki profile --json`'s `personal`, so `jq .personal.nickname` reads both); a failed save exits 1; a save kept
  /// in the outbox (the API unreachable) prints the same shape with the change laid over the cached profile (`null`
  /// without one), `"queued":true`, `"pending":N` and where the profile came from (`cache`, `stale` or `offline`,
  /// never `network`), and succeeds.
  public static let commands: [FeatureCommand<State, Action>] = [
    FeatureCommand(
      path: [],
      abstract: "Load the profile and print it with one information tab.",
      examples: ["", "--tab comments", "--tab recent --json"],
      arguments: [
        .option(
          "tab", help: "The information tab to print (default: announcements)",
          choices: InformationTab.allCases.map(\.rawValue))
      ],
      actions: { input in [.selectTab(try tab(input)), .load(.appear)] },
      output: { state, input in output(state, tab: (try? tab(input)) ?? state.selectedTab) }
    ),
    FeatureCommand(
      path: ["edit"],
      abstract: "Change the nickname and/or the self-introduction and print the updated profile.",
      examples: [
        "edit --nickname 食いしん坊", "edit --intro \"カレー巡りが趣味です。\"",
        "edit --nickname 編集者 --intro \"\" --json",
      ],
      arguments: ProfileEditForm.fields.map(\.argument),
      actions: { input in [.save(.submit(try patch(input)))] },
      output: { state, _ in editOutput(state) }
    ),
  ]

  /// The fields `profile edit` changes: `--nickname` and `--intro` as given, checked with the form's rules
  /// (``ProfileEditForm/fields``; a field not given is left as it is).
  ///
  /// - Throws: ``FeatureKit/CommandError/usage(_:)`` when neither option is given, or naming each broken rule with
  ///   its option ("--nickname: Nickname is at most 20 characters").
  static func patch(_ input: CommandInput) throws -> ProfilePersonalPatch {
    let given = ProfileEditForm.fields.filter { input[$0.option] != nil }
    guard !given.isEmpty else { throw CommandError.usage("nothing to change: give --nickname, --intro or both") }
    let values = try FormDraft(given, options: input).values
    return ProfilePersonalPatch(nickname: values["nickname"], introduction: values["introduction"])
  }

  /// What `kumiki profile edit` prints once the save settled: "Profile updated." and the personal sections of the
  /// profile the server answered (JSON: `{"personal":{...}}`, the same object under the same key as in
  /// `kumiki profile`), or the failure.
  public static func editOutput(_ state: State) -> CommandOutput {
    switch state.save.phase {
    case .sent(let personal):
      return .success(
        view: .stack([.text("Profile updated.", .secondary)] + personalSections(personal)),
        json: .object([("personal", json(personal))] + DataOrigin.network.jsonMembers))
    case .queued(let patch, let pending):
      // The made write's shape: the profile as this app knows it (read from the cache after the write was queued,
      // with the change laid over it), `null` when it has none; where that came from, never the network.
      let note = state.save.phase.queuedNote ?? ""
      let personal = state.load.content.map { patch.applied(to: $0.personal) }
      let origin: [(String, JSONValue)] =
        personal == nil || state.load.origin == .network
        ? [("origin", "offline"), ("fetched_at", .null)] : state.load.origin.jsonMembers
      return .success(
        view: .text("Queued: \(note).", .secondary),
        json: .object(
          [("personal", personal.map(json) ?? .null), ("queued", .bool(true)), ("pending", .int(pending))] + origin))
    case .failed(_, let message):
      return .failure(message)
    case .conflict(let patch, _):
      // Theirs: the profile read again after the conflict (readAfterSave), `null` when it could not be read.
      let theirs = state.load.content?.personal
      let yours = JSONValue.object([
        ("nickname", .string(patch.nickname)), ("introduction", .string(patch.introduction)),
      ])
      let shown = theirs.map { " Theirs: nickname \"\($0.nickname)\"." } ?? ""
      return .conflict(
        "conflict — the profile changed on the server since this app last read it (412); nothing was saved.\(shown) "
          + "Run the command again to save yours over theirs.",
        json: .object([
          (
            "conflict",
            .object([
              ("message", .string(Self.conflictMessage)),
              ("yours", yours),
              ("theirs", theirs.map(json) ?? .null),
            ])
          )
        ]))
    case .idle, .sending:
      return .failure("The profile was not saved.")
    }
  }

  /// The `message` of `kumiki profile edit --json`'s conflict.
  static let conflictMessage = "the profile changed on the server since this app last read it; nothing was saved"

  /// The `--tab` value, `announcements` when absent.
  ///
  /// - Throws: ``FeatureKit/CommandError/usage(_:)`` for a value that is not a tab.
  static func tab(_ input: CommandInput) throws -> InformationTab {
    guard let text = input["tab"] else { return .announcements }
    guard let tab = InformationTab(rawValue: text) else {
      let choices = InformationTab.allCases.map(\.rawValue).joined(separator: ", ")
      throw CommandError.usage("tab must be one of \(choices), got '\(text)'")
    }
    return tab
  }

  /// What `kumiki profile` prints for a settled state and tab: the sections and their JSON, or the error as a
  /// failure.
  public static func output(_ state: State, tab: InformationTab) -> CommandOutput {
    switch state.load.phase {
    case .loaded(let content):
      let view = ViewNode<Never>.stack(
        personalSections(content.personal)
          + [.section(title: tab.label, children: [informationList(content.items(tab), tab: tab, select: nil)])])
      return .success(view: view, json: json(content, tab: tab))
    case .failed(let message):
      return .failure(message)
    case .idle, .loading, .empty:  // never empty: ProfileContent always has the personal data
      return .failure("Profile did not finish loading.")
    }
  }

  /// The command's JSON: the personal object and the chosen tab's list, keyed by the tab's name.
  public static func json(_ content: ProfileContent, tab: InformationTab) -> JSONValue {
    .object([
      ("personal", json(content.personal)),
      (tab.rawValue, .array(content.items(tab).map { json($0, tab: tab) })),
    ])
  }

  static func json(_ personal: ProfilePersonal) -> JSONValue {
    let history = personal.histories
    let links = Dictionary(personal.socialLinks.map { ($0.service, $0.url) }, uniquingKeysWith: { first, _ in first })
    return .object([
      ("id", .int(personal.id)),
      ("nickname", .string(personal.nickname)),
      ("member_since", .string(DisplayDate.iso8601(personal.createdAt))),
      ("avatar_url", .string(personal.avatarURL?.absoluteString)),
      ("background_image_url", .string(personal.backgroundImageURL?.absoluteString)),
      ("introduction", .string(personal.introduction)),
      (
        "histories",
        .object([
          ("profile_view_count", .int(history.profileViewCount)),
          ("article_post_count", .int(history.articlePostCount)),
          ("total_page_view_count", .int(history.totalPageViewCount)),
          ("total_available_points", .int(history.totalAvailablePoints)),
          ("total_use_coupon_count", .int(history.totalUseCouponCount)),
          ("total_visit_shop_count", .int(history.totalVisitShopCount)),
        ])
      ),
      (
        "social_media",
        .object(
          ProfileSocialLink.Service.allCases.map { service in
            (service.rawValue + "_url", .string(links[service]??.absoluteString))
          })
      ),
    ])
  }

  static func json(_ item: InformationItem, tab: InformationTab) -> JSONValue {
    let (labelKey, bodyKey) = tab == .comments ? ("emotion", "comment") : ("category", "description")
    return .object([
      ("id", .int(item.id)),
      ("title", .string(item.title)),
      (labelKey, .string(item.label)),
      ("published_at", .string(item.publishedTimestamp)),
      (bodyKey, .string(item.body)),
    ])
  }
}
