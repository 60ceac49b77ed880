/// The six counters of a profile's points and history (`histories` in `/profile_personal`).
public struct ProfileHistories: Equatable, Codable, Sendable {
  /// How often the profile was viewed.
  public var profileViewCount: Int
  /// How many articles the member posted.
  public var articlePostCount: Int
  /// How often the member's pages were viewed in all.
  public var totalPageViewCount: Int
  /// The points the member can spend.
  public var totalAvailablePoints: Int
  /// How many coupons the member used.
  public var totalUseCouponCount: Int
  /// How many shops the member visited.
  public var totalVisitShopCount: Int

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case profileViewCount = "profile_view_count"
    case articlePostCount = "article_post_count"
    case totalPageViewCount = "total_page_view_count"
    case totalAvailablePoints = "total_available_points"
    case totalUseCouponCount = "total_use_coupon_count"
    case totalVisitShopCount = "total_visit_shop_count"
  }

  /// Creates the counters; the fields mirror the API's.
  public init(
    profileViewCount: Int, articlePostCount: Int, totalPageViewCount: Int, totalAvailablePoints: Int,
    totalUseCouponCount: Int, totalVisitShopCount: Int
  ) {
    self.profileViewCount = profileViewCount
    self.articlePostCount = articlePostCount
    self.totalPageViewCount = totalPageViewCount
    self.totalAvailablePoints = totalAvailablePoints
    self.totalUseCouponCount = totalUseCouponCount
    self.totalVisitShopCount = totalVisitShopCount
  }
}
