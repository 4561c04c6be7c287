import ContainerViews

/// A typed value of a page: what an attribute (`{badge=new}`) or a front-matter key
/// becomes once checked against its declaration.
public enum TypedValue: Sendable, Hashable, CustomStringConvertible {
  case string(String)
  case bool(Bool)
  case int(Int)
  case number(Double)
  /// One of the declared cases of an enum value.
  case enumCase(String)
  case url(String)
  /// An ISO 8601 date (`2024-05-01`), kept as written.
  case date(String)

  /// The value as text, as a template prints it.
  public var description: String {
    switch self {
    case .string(let s), .enumCase(let s), .url(let s), .date(let s): return s
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .number(let d): return d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
  }
}

/// The declared values written on one subview, by name (`badge`, `pin.x`).
///
/// This is how values declared at run time (by a theme, not by Swift types) ride on the
/// one ContainerViews mechanism: it is a single container value, and each write is a
/// member write through `\.declaredValues[name]`, so scoping, distribution over groups
/// and innermost-wins hold exactly as for Swift keys.
public struct DeclaredValues: Sendable, Hashable {
  var values: [String: TypedValue] = [:]

  public init() {}

  /// The value written for `name`, or `nil` when none was (the declaration's default
  /// then applies).
  public subscript(name: String) -> TypedValue? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// Every written name, sorted.
  public var names: [String] { values.keys.sorted() }
}

extension ContainerValues {
  /// Values declared by the theme and written in Markdown.
  @Entry public var declaredValues: DeclaredValues = DeclaredValues()
}

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
  public var level: Int
  public var id: String
  public var text: String

  public init(level: Int, id: String, text: String) {
    self.level = level
    self.id = id
    self.text = text
  }
}

/// Turns a container instance into HTML: implemented by themes (Mustache templates),
/// and by a plain fallback for tests and tools.
public protocol ContainerRenderer: Sendable {
  func render(_ container: ContainerInstance) -> String
}
