/// English plural and singular forms of resource names, for json-server's relations: `_embed=comments` on `posts`
/// looks for `postId` (the singular of `posts`), `_expand=post` reads the `posts` list (the plural of `post`), and
/// `DELETE` cascades along `<singular>Id` fields.
///
/// json-server uses the `pluralize` package; this is a smaller rule set of our own that agrees with it on the names
/// a `db.json` usually has. What it supports, applied to the name's last word (after the last `_` or `-`):
/// - uncountable words stay as they are: `news` (so `latest_news` is its own singular and plural), `series`,
///   `species`, `sheep`, `fish`, `deer`, `information`, `equipment`, `feedback`, `metadata`;
/// - irregular words: `person`/`people`, `man`/`men`, `woman`/`women`, `child`/`children`, `mouse`/`mice`,
///   `goose`/`geese`, `foot`/`feet`, `tooth`/`teeth`, `ox`/`oxen`, `index`/`indices`, `datum`/`data`, and the `-f`/`-fe`
///   words `leaf`, `knife`, `wife`, `life`, `wolf`, `half`, `shelf`, `thief`, `loaf`, `calf`, `elf` (`-ves`);
/// - plural of the rest: consonant + `y` → `ies`, `s`/`x`/`z`/`ch`/`sh` → `es` (`us` → `uses`, `is` → `es`, `ss` →
///   `sses`), a word already ending in `s` stays, anything else + `s`;
/// - singular of the rest: `ies` → `y`; `sses`, `xes`, `zes`, `ches`, `shes`, `uses` lose `es`; a word ending in
///   `ss`, `us` or `is` stays; any other final `s` is dropped (so `analyses` → `analyse`, where `pluralize` says
///   `analysis`).
///
/// Letters the rule keeps keep their case (`blogPosts` → `blogPost`, `People` → `Person`); a new ending is in lower
/// case, or in capitals for an all-capital word (`POSTS` → `POST`).
public enum Inflection {
  private static let uncountable: Set<String> = [
    "news", "series", "species", "sheep", "fish", "deer", "information", "equipment", "feedback", "metadata",
  ]

  private static let irregular: [(singular: String, plural: String)] = [
    ("person", "people"), ("man", "men"), ("woman", "women"), ("child", "children"), ("mouse", "mice"),
    ("goose", "geese"), ("foot", "feet"), ("tooth", "teeth"), ("ox", "oxen"), ("index", "indices"),
    ("datum", "data"), ("leaf", "leaves"), ("knife", "knives"), ("wife", "wives"), ("life", "lives"),
    ("wolf", "wolves"), ("half", "halves"), ("shelf", "shelves"), ("thief", "thieves"), ("loaf", "loaves"),
    ("calf", "calves"), ("elf", "elves"),
  ]

  /// The plural of `name`: `post` → `posts`, `category` → `categories`, `person` → `people`; a plural stays.
  public static func plural(of name: String) -> String {
    inflect(name) { word in
      if let pair = irregular.first(where: { $0.singular == word || $0.plural == word }) { return pair.plural }
      if word.hasSuffix("us") || word.hasSuffix("ss") { return word + "es" }
      if word.hasSuffix("is") { return String(word.dropLast(2)) + "es" }
      if word.hasSuffix("s") { return word }
      if word.hasSuffix("y"), word.count > 1, !isVowel(word.dropLast().last) {
        return String(word.dropLast()) + "ies"
      }
      if ["x", "z", "ch", "sh"].contains(where: { word.hasSuffix($0) }) { return word + "es" }
      return word + "s"
    }
  }

  /// The singular of `name`: `posts` → `post`, `categories` → `category`, `people` → `person`, `latest_news` stays.
  public static func singular(of name: String) -> String {
    inflect(name) { word in
      if let pair = irregular.first(where: { $0.plural == word || $0.singular == word }) { return pair.singular }
      if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
      if word.hasSuffix("ies"), word.count > 3 { return String(word.dropLast(3)) + "y" }
      if ["sses", "xes", "zes", "ches", "shes", "uses"].contains(where: { word.hasSuffix($0) }) {
        return String(word.dropLast(2))
      }
      if word.hasSuffix("s") { return String(word.dropLast()) }
      return word
    }
  }

  /// Applies `rule` to the last word of `name`, lower-cased, keeping the rest of the name and the case of the letters
  /// the rule keeps.
  private static func inflect(_ name: String, _ rule: (String) -> String) -> String {
    let start = name.lastIndex(where: { $0 == "_" || $0 == "-" }).map { name.index(after: $0) } ?? name.startIndex
    let prefix = name[..<start]
    let original = String(name[start...])
    let word = original.lowercased()
    guard !word.isEmpty, !uncountable.contains(word), !word.hasSuffix("news") else { return name }
    let inflected = Array(rule(word))
    let kept = zip(word, inflected).prefix { $0 == $1 }.count
    var ending = String(inflected.dropFirst(kept))
    if original == original.uppercased() { ending = ending.uppercased() }
    let result = String(original.prefix(kept)) + ending
    return prefix + result
  }

  private static func isVowel(_ character: Character?) -> Bool {
    guard let character else { return false }
    return "aeiou".contains(character)
  }
}
