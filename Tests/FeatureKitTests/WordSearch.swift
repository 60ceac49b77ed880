import Core
import LoadingScreenKit

/// A search that loads as the user types, in pages: the keyed, paged shape of ``ScreenLoad`` (Archive's), small
/// enough to read in a test. The search term is the key; a page answers for the term it was loaded for.
enum WordSearch {
  /// One page of words for a term, as a client answers it.
  struct Page: Equatable, Codable, Sendable {
    var term: String
    var page: Int
    var words: [String]
    var total: Int
  }

  /// The pages loaded so far for one term.
  struct Hits: LoadableContent {
    var term: String
    var words: [String]
    var total: Int
    var lastPage: Int

    init(_ page: Page) {
      term = page.term
      words = page.words
      total = page.total
      lastPage = page.page
    }

    var isEmpty: Bool { words.isEmpty }
    static func key(of page: Page) -> String? { page.term }
    var hasMore: Bool { words.count < total }

    /// A fresher first page takes the place of the first page's words, keeping the pages after it; any other page is
    /// declined.
    mutating func update(with page: Page) -> Bool {
      guard page.term == term, page.page == 1 else { return false }
      words = page.words + words.dropFirst(2)
      total = page.total
      return true
    }

    mutating func append(_ page: Page) {
      guard page.page == lastPage + 1 else { return }
      words += page.words
      total = page.total
      lastPage = page.page
    }
  }

  struct State: Equatable, Codable, Sendable {
    var term = ""
    var load = ScreenLoad<Hits>(pause: WordSearch.pause)
  }

  enum Action: Equatable, Codable, Sendable {
    /// Each keystroke of the search field.
    case typed(String)
    /// Enter: search now.
    case submitted
    case load(LoadAction<Page>)
  }

  static let pause = Duration.milliseconds(300)

  /// Settles the last action's decisions first, then hands each action to the load with the term as the key.
  static let reducer = Reducer<State, Action> { state, action in
    state.load.settle()
    switch action {
    case .typed(let text):
      state.term = text
      state.load.reduce(.edited, key: state.term)
    case .submitted:
      state.load.reduce(.reload, key: state.term)
    case .load(let action):
      state.load.reduce(action, key: state.term)
    }
  }

  /// The page after `hits`: two words a page, six in all.
  static func page(after hits: Hits) -> Page {
    let next = hits.lastPage + 1
    return Page(term: hits.term, page: next, words: ["\(hits.term)\(next)a", "\(hits.term)\(next)b"], total: 6)
  }
}
