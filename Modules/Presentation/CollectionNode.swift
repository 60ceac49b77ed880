/// Cards laid out as a horizontal carousel or a grid.
public struct CollectionNode<Action: Sendable>: Sendable {
  public var title: String
  public var layout: CollectionLayout
  public var cards: [Card<Action>]

  public init(title: String, layout: CollectionLayout, cards: [Card<Action>]) {
    self.title = title
    self.layout = layout
    self.cards = cards
  }
}

/// How a collection's cards are laid out.
public enum CollectionLayout: Sendable, Equatable {
  /// One row, scrolled sideways.
  case carousel
  /// Rows of `columns` cards.
  case grid(columns: Int)
}

/// A card: a title, a few lines, optional rating and action.
public struct Card<Action: Sendable>: Sendable {
  public var id: String
  public var title: String
  public var lines: [String]
  public var rating: Double?
  public var action: Action?

  public init(id: String, title: String, lines: [String] = [], rating: Double? = nil, action: Action? = nil) {
    self.id = id
    self.title = title
    self.lines = lines
    self.rating = rating
    self.action = action
  }
}

extension CollectionNode: Equatable where Action: Equatable {}
extension Card: Equatable where Action: Equatable {}
