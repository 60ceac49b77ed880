/// The category chips of the Archive screen.
public enum ArchiveCategory {
  /// The magazine's categories, in the order the chips show them (the values the API's `category` field takes).
  public static let all: [String] = ["和食", "洋食", "中華料理", "韓国料理", "エスニック料理", "カレー"]
}
