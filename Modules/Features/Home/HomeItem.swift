/// Names one item on the Home screen: its section and its `id`.
public enum HomeItem: Hashable, Codable, Sendable {
  case campaignBanner(Int)
  case recentNews(Int)
  case featuredTopic(Int)
  case trendArticle(Int)
  case pickupPhoto(Int)
}
