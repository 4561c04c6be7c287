/// The type of a declared value.
public enum ValueType: Sendable, Hashable {
  case string
  case bool
  case int
  case number
  case url
  case date
  /// One of a fixed list of cases.
  case enumeration([String])
}

/// One container value a theme declares: the run-time twin of
/// `extension ContainerValues { @Entry var badge: Badge = .none }`.
public struct ValueDeclaration: Sendable, Hashable {
  /// The attribute name (`badge`); dotted for a member of a grouped value (`pin.x`).
  public var name: String
  /// What the written text must be.
  public var type: ValueType
  /// The value read when a subview sets none.
  public var defaultValue: TypedValue?
  /// A layout value: read only while laying out (a grid span), not by templates' values.
  public var isLayout: Bool
  /// One line for documentation and `cvsite check` output.
  public var summary: String?
  /// For a directive's own attribute: why leaving it out is probably a mistake. When it
  /// is not written (and has no default), the directive gets a warning saying so.
  public var whenMissing: String?

  /// A declaration; `isLayout` marks a layout value (see ``isLayout``).
  public init(
    name: String, type: ValueType, defaultValue: TypedValue?, isLayout: Bool = false, summary: String? = nil,
    whenMissing: String? = nil
  ) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.isLayout = isLayout
    self.summary = summary
    self.whenMissing = whenMissing
  }
}

/// A rule across the children of one container instance.
public enum ChildRule: Sendable, Hashable {
  /// No two children share a value (`value` of tabs).
  case unique(String)
  /// At most one child has `value` for `name` (`status=current`); `nil` value means
  /// "at most one child sets the flag/key at all" (`default`).
  case atMostOne(String, TypedValue?)
  /// Exactly one child has `value` for `name`.
  case exactlyOne(String, TypedValue)
}

/// One container a theme declares.
public struct ContainerDeclaration: Sendable, Hashable {
  /// The directive name: `cards`.
  public var name: String
  /// Names of the values each child may set (and the template reads).
  public var reads: [String]
  /// Attributes of the container itself (`cols`, `sync`), typed like values.
  public var attributes: [ValueDeclaration]
  /// Rules across the children (unique values, at most one current step).
  public var rules: [ChildRule]
  /// One line for documentation and `cvsite check` output.
  public var summary: String?
  /// An enum attribute whose cases are directive names of their own: with `kind`,
  /// `:::note` is `:::callout{kind=note}`.
  public var shorthand: String?
  /// Whether the whole content is one subview (`content: whole`, a callout's), rather than
  /// one per section, block or list item.
  public var keepsContentWhole: Bool

  /// A container declaration; attributes and rules are optional.
  public init(
    name: String, reads: [String], attributes: [ValueDeclaration] = [], rules: [ChildRule] = [],
    summary: String? = nil, shorthand: String? = nil, keepsContentWhole: Bool = false
  ) {
    self.keepsContentWhole = keepsContentWhole
    self.name = name
    self.reads = reads
    self.attributes = attributes
    self.rules = rules
    self.summary = summary
    self.shorthand = shorthand
  }

  /// The cases of the shorthand attribute: the directive names that stand for this
  /// container.
  public var shorthandCases: [String] {
    guard let shorthand, let attribute = attributes.first(where: { $0.name == shorthand }),
      case .enumeration(let cases) = attribute.type
    else { return [] }
    return cases
  }
}

/// Everything the Markdown side must know about a theme: declared values, containers,
/// leaf directives and inline directives, and page-level options.
public struct Schema: Sendable {
  /// Declared values by name (`badge`, `pin.x`).
  public var values: [String: ValueDeclaration]
  /// Block containers by directive name (`cards`, `tabs`).
  public var containers: [String: ContainerDeclaration]
  /// Leaf directives (`::field{...}`) by name, with the attributes each accepts.
  public var leaves: [String: ContainerDeclaration]
  /// Inline directives (`:badge[Beta]{variant=caution}`) by name; only these are parsed.
  public var inlines: [String: ContainerDeclaration]
  /// Ids the theme's page layouts write themselves (`main`): a heading never takes one.
  public var reservedIDs: Set<String> = []

  /// The container a directive name stands for through a shorthand (`note` for
  /// `callout{kind=note}`), with the attribute and case it sets; `nil` for a name that is
  /// a container of its own.
  public func shorthand(_ name: String) -> (container: ContainerDeclaration, attribute: String)? {
    guard containers[name] == nil else { return nil }
    for container in containers.values.sorted(by: { $0.name < $1.name }) {
      if let attribute = container.shorthand, container.shorthandCases.contains(name) { return (container, attribute) }
    }
    return nil
  }

  /// A schema from lists; a repeated name keeps its first declaration.
  public init(
    values: [ValueDeclaration] = [], containers: [ContainerDeclaration] = [],
    leaves: [ContainerDeclaration] = [], inlines: [ContainerDeclaration] = []
  ) {
    self.values = Dictionary(values.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    self.containers = Dictionary(containers.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    self.leaves = Dictionary(leaves.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    self.inlines = Dictionary(inlines.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
  }
}
