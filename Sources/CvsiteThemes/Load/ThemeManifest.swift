import CvsiteCore

/// A theme's `theme.yml`, checked: what it declares and where each template is.
struct ThemeManifest: Sendable {
  /// The theme's name (`default`).
  var name: String
  var summary: String?
  /// The cvsite versions the theme supports (`cvsite: ">=0.1 <1.0"`).
  var supportedVersions: VersionRange?
  /// Declared container values, in manifest order.
  var values: [ValueDeclaration]
  /// Block containers (`:::cards`), leaves (`::field`) and inlines (`:badge`).
  var components: [ComponentSpec]
  /// Layouts the theme provides (`page`, `section`, `404`); each must exist as
  /// `layouts/<name>.mustache`.
  var layouts: [String]
  /// Where each layout is named in `theme.yml`.
  var layoutLocations: [String: SourceLocation] = [:]

  /// What the Markdown side needs: declared values, containers, leaves, inlines.
  var schema: Schema {
    Schema(
      values: values,
      containers: components.filter { $0.kind == .container }.map(\.declaration),
      leaves: components.filter { $0.kind == .leaf }.map(\.declaration),
      inlines: components.filter { $0.kind == .inline }.map(\.declaration))
  }

  /// The component rendered for a directive `name` of `kind`.
  func component(named name: String) -> ComponentSpec? {
    components.first { $0.name == name && $0.kind != .inline }
  }
}

/// One container, leaf or inline directive a theme declares, with its template.
struct ComponentSpec: Sendable {
  enum Kind: String, Sendable, Hashable {
    case container, leaf, inline
  }

  var kind: Kind
  /// What the Markdown side checks: reads, attributes, child rules.
  var declaration: ContainerDeclaration
  /// The template's name in the theme library (`containers/cards`), i.e. the file
  /// `layouts/containers/cards.mustache`; `nil` for inlines, which render without one.
  var template: String?
  /// Values computed when a child does not write them (`label: title`,
  /// `value: slug(label)`), applied in order after declared defaults.
  var derived: [(name: String, rule: Derivation)]
  /// The value that is each child's tag (`value` for tabs); the child id otherwise.
  var tag: String?
  /// The value that labels the headings inside each child in a page's table of
  /// contents (`label` for tabs: "Fedora notes · Fedora"); `nil` for none.
  var tocLabel: String?
  /// Which child is selected: the first whose value matches, else the first child.
  var selects: (name: String, value: TypedValue)?
  /// Where the component is declared in `theme.yml`.
  var location: SourceLocation

  var name: String { declaration.name }
}

/// How a value is computed when a child does not write it.
enum Derivation: Sendable, Hashable {
  /// The child's title as plain text.
  case title
  /// The child's id.
  case id
  /// The slug of another (already resolved) value, or of the title.
  case slug(String)
}
