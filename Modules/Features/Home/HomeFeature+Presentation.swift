import Presentation

extension HomeFeature {
  /// The Home screen for `state`: a spinner while loading, the error with Retry, an empty hint, or the five
  /// sections (with the detail overlay above them when an item is open).
  public static func present(_ state: State) -> ViewNode<Action> {
    switch state.load.phase {
    case .idle:
      return .stack([.empty("Home has not been loaded yet."), .button(label: "Load", action: .load(.refresh))])
    case .loading:
      return .spinner("Loading Home...")
    case .failed(let message):
      return .error(message: message, retry: .load(.retry))
    case .empty:
      return .stack([.empty("There is nothing on Home yet."), .button(label: "Refresh", action: .load(.refresh))])
    case .loaded(let content):
      var children = sections(content, select: Action.select)
      children.append(.button(label: "Refresh", action: .load(.refresh)))
      if let detail = state.detail {
        children.append(.overlay(overlay(detail)))
      }
      return .stack(children)
    }
  }

  /// The five sections in screen order. Cards choose their item with `select` (none when `nil`, for output
  /// that cannot act).
  static func sections<A: Sendable>(_ content: HomeContent, select: (@Sendable (HomeItem) -> A)?) -> [ViewNode<A>] {
    [
      section(
        "Campaigns", layout: .carousel, empty: "No campaigns right now.",
        cards: content.campaignBanners.map { banner in
          Card(
            id: "campaign-\(banner.id)", title: banner.title,
            lines: [banner.caption, banner.announcementDate ?? ""].filter { !$0.isEmpty },
            action: select?(.campaignBanner(banner.id)))
        }),
      section(
        "Recent News", layout: .carousel, empty: "No news yet.",
        cards: content.recentNews.map { news in
          Card(
            id: "news-\(news.id)", title: news.title,
            lines: [news.newsCategory, news.publishedDate ?? ""].filter { !$0.isEmpty },
            action: select?(.recentNews(news.id)))
        }),
      section(
        "Featured Topics", layout: .carousel, empty: "No featured topics yet.",
        cards: content.featuredTopics.map { topic in
          Card(
            id: "topic-\(topic.id)", title: topic.title,
            lines: [topic.caption, topic.publishedDate ?? ""].filter { !$0.isEmpty }, rating: topic.rating,
            action: select?(.featuredTopic(topic.id)))
        }),
      section(
        "Trend Articles", layout: .grid(columns: 2), empty: "No trend articles yet.",
        cards: content.trendArticles.map { article in
          Card(
            id: "trend-\(article.id)", title: article.title,
            lines: [article.publishedDate ?? ""].filter { !$0.isEmpty },
            action: select?(.trendArticle(article.id)))
        }),
      section(
        "Pickup Photos", layout: .grid(columns: 3), empty: "No pickup photos yet.",
        cards: content.pickupPhotos.map { photo in
          Card(
            id: "photo-\(photo.id)", title: photo.title,
            lines: [photo.caption, "\(photo.photoWidth)x\(photo.photoHeight)"],
            action: select?(.pickupPhoto(photo.id)))
        }),
    ]
  }

  /// The detail overlay of one item, closed with ``Action/closeDetail``.
  static func overlay(_ detail: HomeDetail) -> OverlayNode<Action> {
    let title: String
    let fields: [Field]
    let body: String
    var buttons: [OverlayButton<Action>] = []
    switch detail {
    case .campaignBanner(let banner):
      if let keyword = banner.searchKeyword {
        buttons.append(OverlayButton(label: "Search the archive: \(keyword)", action: .searchCampaign(keyword)))
      }
      title = banner.title
      fields = [
        Field("Campaign", String(banner.bannerContentsId)),
        Field("Announced", banner.announcementDate ?? "-"),
        Field("Banner", banner.bannerURL?.absoluteString ?? "-"),
      ]
      body = banner.caption
    case .recentNews(let news):
      title = news.title
      fields = [
        Field("Category", news.newsCategory),
        Field("Published", news.publishedDate ?? "-"),
        Field("Thumbnail", news.thumbnailURL?.absoluteString ?? "-"),
      ]
      body = ""
    case .featuredTopic(let topic):
      title = topic.title
      fields = [
        Field("Topic", String(topic.featuredTopicsId)),
        Field("Rating", String(topic.rating)),
        Field("Published", topic.publishedDate ?? "-"),
        Field("Thumbnail", topic.thumbnailURL?.absoluteString ?? "-"),
      ]
      body = topic.caption
    case .trendArticle(let article):
      title = article.title
      fields = [
        Field("Published", article.publishedDate ?? "-"),
        Field("Thumbnail", article.thumbnailURL?.absoluteString ?? "-"),
      ]
      body = article.introduction
    case .pickupPhoto(let photo):
      title = photo.title
      fields = [
        Field("Size", "\(photo.photoWidth)x\(photo.photoHeight)"),
        Field("Published", photo.publishedDate ?? "-"),
        Field("Photo", photo.photoURL?.absoluteString ?? "-"),
      ]
      body = photo.caption
    }
    var content: [ViewNode<Action>] = [.fields(fields)]
    if !body.isEmpty { content.append(.text(body)) }
    return OverlayNode(
      title: title, content: .stack(content), buttons: buttons + [OverlayButton(label: "Close", action: .closeDetail)],
      dismiss: .closeDetail)
  }

  /// A section titled `title` around its cards; the collection itself is untitled, so the title is printed once.
  private static func section<A: Sendable>(
    _ title: String, layout: CollectionLayout, empty: String, cards: [Card<A>]
  ) -> ViewNode<A> {
    .section(
      title: title,
      children: [
        cards.isEmpty ? .empty(empty) : .collection(CollectionNode(title: "", layout: layout, cards: cards))
      ]
    )
  }
}
