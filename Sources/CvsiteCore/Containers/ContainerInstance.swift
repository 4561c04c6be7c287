/// One container on a page, as its template sees it.
public struct ContainerInstance: Sendable {
  /// The directive name: `cards`, `tabs`, or a theme's own container.
  public var name: String
  /// The label (`:::tabs[Install]`) rendered as inline HTML; `nil` without a label.
  public var labelHTML: String?
  /// The container's own attributes (`cols=3`, `sync=os`), checked and typed.
  public var attributes: [String: TypedValue]
  /// `.class` values written on the opener.
  public var classes: [String]
  /// The container's id: explicit `#id`, else derived from its name and position; unique
  /// on the page.
  public var id: String
  /// The level a child title should use (`h2`...`h6`), from the heading context.
  public var childHeadingLevel: Int
  /// The resolved subviews, in order.
  public var children: [ContainerChild]
  /// Where the opener is.
  public var location: SourceLocation?

  /// The number of resolved subviews: what an adaptive grid decides on.
  public var count: Int { children.count }

  /// An instance as a Markdown page or a listing builds it.
  public init(
    name: String, labelHTML: String?, attributes: [String: TypedValue], classes: [String], id: String,
    childHeadingLevel: Int, children: [ContainerChild], location: SourceLocation?
  ) {
    self.name = name
    self.labelHTML = labelHTML
    self.attributes = attributes
    self.classes = classes
    self.id = id
    self.childHeadingLevel = childHeadingLevel
    self.children = children
    self.location = location
  }
}

/// One subview of a container, as its template sees it.
public struct ContainerChild: Sendable {
  /// Unique on the page; usable as an HTML id and URL fragment.
  public var id: String
  /// 0-based position.
  public var index: Int
  /// The title rendered as inline HTML (heading text or directive label); `nil` for an
  /// untitled subview (loose blocks, list items).
  public var titleHTML: String?
  /// The title as plain text.
  public var titleText: String?
  /// The rendered body: everything in the subview but its title.
  public var bodyHTML: String
  /// The declared values written on this subview (defaults are the theme's to apply).
  public var values: DeclaredValues
  /// `.class` values written on the subview's heading or directive.
  public var classes: [String]
  /// Headings inside the body: for a table of contents that knows which tab they sit in.
  public var headings: [HeadingInfo]

  /// A child as a Markdown page or a listing builds it.
  public init(
    id: String, index: Int, titleHTML: String?, titleText: String?, bodyHTML: String, values: DeclaredValues,
    classes: [String], headings: [HeadingInfo]
  ) {
    self.id = id
    self.index = index
    self.titleHTML = titleHTML
    self.titleText = titleText
    self.bodyHTML = bodyHTML
    self.values = values
    self.classes = classes
    self.headings = headings
  }
}

/// A heading of a page, for tables of contents and anchor checks.
public struct HeadingInfo: Sendable, Hashable {
  /// 1 for `#`, up to 6.
  public var level: Int
  /// The heading's id on the page: its URL fragment.
  public var id: String
  /// The heading as plain text.
  public var text: String

  /// A heading at `level` with `id` and plain `text`.
  public init(level: Int, id: String, text: String) {
    self.level = level
    self.id = id
    self.text = text
  }
}
