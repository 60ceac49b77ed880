/// The six counters of a profile's points and history (`histories` in `/profile_personal`).
public struct ProfileHistories: Equatable, Codable, Sendable {
  public var profileViewCount: Int
  public var articlePostCount: Int
  public var totalPageViewCount: Int
  public var totalAvailablePoints: Int
  public var totalUseCouponCount: Int
  public var totalVisitShopCount: Int

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
