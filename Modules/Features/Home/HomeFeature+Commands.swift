import FeatureKit
import Presentation

extension HomeFeature {
  /// `kumiki home`: loads the five sections and prints them. JSON:
  /// `{"campaign_banners":[...],"recent_news":[...],"featured_topics":[...],"trend_articles":[...],"pickup_photos":[...]}`
  /// (shapes in the module's README).
  public static let commands: [FeatureCommand<State, Action>] = [
    FeatureCommand(
      path: [],
      abstract: "Load Home and print its five sections.",
      examples: ["", "--json"],
      actions: { _ in [.load(.appear)] },
      output: { state, _ in output(state) }
    )
  ]

  /// What `kumiki home` prints for a settled state: the sections and their JSON, or the error as a failure.
  public static func output(_ state: State) -> CommandOutput {
    switch state.load.phase {
    case .loaded(let content):
      return .success(view: .stack(sections(content, select: nil)), json: json(content))
    case .empty:
      return .success(view: .empty("There is nothing on Home yet."), json: json(HomeContent()))
    case .failed(let message):
      return .failure(message)
    case .idle, .loading:
      return .failure("Home did not finish loading.")
    }
  }

  /// The command's JSON for `content`, keys in a stable order.
  public static func json(_ content: HomeContent) -> JSONValue {
    .object([
      ("campaign_banners", .array(content.campaignBanners.map(json))),
      ("recent_news", .array(content.recentNews.map(json))),
      ("featured_topics", .array(content.featuredTopics.map(json))),
      ("trend_articles", .array(content.trendArticles.map(json))),
      ("pickup_photos", .array(content.pickupPhotos.map(json))),
    ])
  }

  static func json(_ banner: CampaignBanner) -> JSONValue {
    .object([
      ("id", .int(banner.id)),
      ("banner_contents_id", .int(banner.bannerContentsId)),
      ("title", .string(banner.title)),
      ("caption", .string(banner.caption)),
      ("banner_url", .string(banner.bannerURL?.absoluteString)),
      ("announcement_at", .string(DisplayDate.iso8601(banner.announcementAt))),
    ])
  }

  static func json(_ news: RecentNews) -> JSONValue {
    .object([
      ("id", .int(news.id)),
      ("title", .string(news.title)),
      ("news_category", .string(news.newsCategory)),
      ("thumbnail_url", .string(news.thumbnailURL?.absoluteString)),
      ("published_at", .string(DisplayDate.iso8601(news.publishedAt))),
    ])
  }

  static func json(_ topic: FeaturedTopic) -> JSONValue {
    .object([
      ("id", .int(topic.id)),
      ("featured_topics_id", .int(topic.featuredTopicsId)),
      ("title", .string(topic.title)),
      ("caption", .string(topic.caption)),
      ("rating", .double(topic.rating)),
      ("thumbnail_url", .string(topic.thumbnailURL?.absoluteString)),
      ("published_at", .string(DisplayDate.iso8601(topic.publishedAt))),
    ])
  }

  static func json(_ article: TrendArticle) -> JSONValue {
    .object([
      ("id", .int(article.id)),
      ("title", .string(article.title)),
      ("introduction", .string(article.introduction)),
      ("thumbnail_url", .string(article.thumbnailURL?.absoluteString)),
      ("published_at", .string(DisplayDate.iso8601(article.publishedAt))),
    ])
  }

  static func json(_ photo: PickupPhoto) -> JSONValue {
    .object([
      ("id", .int(photo.id)),
      ("title", .string(photo.title)),
      ("caption", .string(photo.caption)),
      ("photo_url", .string(photo.photoURL?.absoluteString)),
      ("photo_width", .int(photo.photoWidth)),
      ("photo_height", .int(photo.photoHeight)),
      ("published_at", .string(DisplayDate.iso8601(photo.publishedAt))),
    ])
  }
}
