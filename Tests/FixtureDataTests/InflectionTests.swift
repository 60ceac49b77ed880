import FixtureData
import Testing

@Suite("Inflection: plural and singular resource names, as json-server's pluralize gives them")
struct InflectionTests {
  @Test(
    "singular of list names",
    arguments: [
      ("posts", "post"), ("comments", "comment"), ("categories", "category"), ("people", "person"),
      ("latest_news", "latest_news"), ("stock_images", "stock_image"), ("addresses", "address"),
      ("boxes", "box"), ("statuses", "status"), ("status", "status"), ("post", "post"), ("wolves", "wolf"),
      ("blogPosts", "blogPost"), ("POSTS", "POST"), ("People", "Person"), ("user_comment", "user_comment"),
      ("top_articles", "top_article"), ("series", "series"), ("matches", "match"), ("", ""),
    ])
  func singular(plural: String, singular: String) {
    #expect(Inflection.singular(of: plural) == singular)
  }

  @Test(
    "plural of parent names",
    arguments: [
      ("post", "posts"), ("comment", "comments"), ("category", "categories"), ("person", "people"),
      ("news", "news"), ("box", "boxes"), ("status", "statuses"), ("posts", "posts"), ("day", "days"),
      ("knife", "knives"), ("user_profile", "user_profiles"), ("analysis", "analyses"), ("match", "matches"),
      ("Post", "Posts"), ("USER", "USERS"),
    ])
  func plural(singular: String, plural: String) {
    #expect(Inflection.plural(of: singular) == plural)
  }
}
